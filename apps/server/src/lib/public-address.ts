import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type http from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * The one rule of what a server-side request may reach (SSRF): public internet addresses only, never loopback,
 * private, link-local (cloud metadata at 169.254.169.254), CGNAT or multicast ones. Link previews and outgoing
 * webhooks check a host when it is given (resolving its name) and again when they connect (the lookup below), so a
 * DNS answer that changes in between (rebinding) cannot reach a private address either.
 */

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for addresses that are not on the public internet (and for anything that is not an IP address). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host name as an address or name to resolve: IPv6 literals lose their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

type Lookup = NonNullable<http.RequestOptions['lookup']>;

/**
 * A `lookup` for http(s) requests that resolves like the system does, then drops non-public addresses (unless
 * `allowPrivate()` says tests or a local receiver may reach them), so the connection can only go to a public one.
 */
export function publicOnlyLookup(allowPrivate: () => boolean): Lookup {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((a) => allowPrivate() || !isPrivateAddress(a.address));
      const first = allowed[0];
      if (!first) return callback(new Error(`${hostname} is not a public address`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as never as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}

/** What checking a host found: public, private (or resolving to a private address), or not found. */
export type HostCheck = 'public' | 'private' | 'not_found';

/**
 * Whether a host is public: an address is checked as it is, a name is resolved (at most `timeoutMs`) and is
 * private when any of its addresses is. A name that does not resolve in time is `not_found`.
 */
export async function checkPublicHost(host: string, timeoutMs = 5_000): Promise<HostCheck> {
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : 'public';
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    new Promise<LookupAddress[] | null>((resolve) =>
      dnsLookup(host, { all: true }, (error, found) => resolve(error ? null : found)),
    ),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!addresses || addresses.length === 0) return 'not_found';
  return addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : 'public';
}
