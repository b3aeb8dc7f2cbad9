import { Resolver } from 'node:dns/promises';
import { DOMAIN_VERIFICATION_PREFIX, type VerifyDomainResponse } from '@rally/shared';
import type { AppConfig } from '../../config.ts';

/** What a DNS check of one domain found. */
export type DomainCheck = VerifyDomainResponse['check'];

/** Checks a domain's records through DNS (the servers of DNS_SERVERS, else the system's). */
export type DomainChecker = (host: string, token: string) => Promise<DomainCheck>;

// No answer for the name or the type: a plain "not found", not a failed lookup.
const NOT_FOUND = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'NODATA']);
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** The TXT record's name for a host. */
export const verificationName = (host: string) => `${DOMAIN_VERIFICATION_PREFIX}.${host}`;

/** Runs one lookup: the values found, or the lookup's error code when it failed for another reason than absence. */
async function lookup(run: () => Promise<string[]>): Promise<{ found: string[]; error: string | null }> {
  try {
    return { found: await run(), error: null };
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'EFAIL';
    return NOT_FOUND.has(code) ? { found: [], error: null } : { found: [], error: code };
  }
}

/**
 * Makes the checker. Verification needs the TXT record `_rally-verification.{host}` with the domain's token; the
 * routing record (a CNAME to the app's host, or an address the app's host also has) is reported for guidance only,
 * because the app cannot see a proxy or CDN placed in front of it.
 */
export function createDomainChecker(config: Pick<AppConfig, 'appHost' | 'dnsServers'>): DomainChecker {
  // A few seconds at most per lookup: an admin is waiting on "Verify now".
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (config.dnsServers) resolver.setServers(config.dnsServers);
  const appHost = config.appHost;

  async function routing(host: string) {
    const cname = await lookup(async () => (await resolver.resolveCname(host)).map(bare));
    if (cname.found.length > 0 || cname.error) {
      return { ...cname, ok: cname.found.includes(appHost) };
    }
    const [own, app] = await Promise.all([
      lookup(() => resolver.resolve4(host)),
      lookup(() => resolver.resolve4(appHost)),
    ]);
    return { ...own, ok: own.found.some((a) => app.found.includes(a)) };
  }

  return async (host, token) => {
    const name = verificationName(host);
    const [txt, route] = await Promise.all([
      lookup(async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''))),
      routing(host),
    ]);
    const verified = txt.found.some((value) => value.trim() === token);
    return {
      verified,
      message: verdict(name, token, txt, verified),
      txt: { name, expected: token, ...txt },
      routing: { name: host, expected: appHost, ...route },
    };
  };
}

function verdict(name: string, token: string, txt: { found: string[]; error: string | null }, ok: boolean) {
  if (ok) return `Verified: the TXT record at ${name} holds the expected value`;
  if (txt.error) return `The DNS lookup of ${name} failed (${txt.error}); try again in a few minutes`;
  if (txt.found.length === 0) return `TXT record not found at ${name}`;
  const shown = txt.found.slice(0, 3).map((v) => `"${v.slice(0, 80)}"`);
  return `The TXT record at ${name} holds ${shown.join(', ')}, not the expected value "${token}"`;
}
