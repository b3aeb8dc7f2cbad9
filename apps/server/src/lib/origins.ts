import type { AppConfig } from '../config.ts';

/** `scheme://host[:port]` of a client's links, the port left out when it is the scheme's default. */
export function linkOriginOf(host: string | null, url: AppConfig['publicUrl']): string | null {
  if (!host) return null;
  const defaultPort = url.scheme === 'https' ? 443 : 80;
  const name = host.includes(':') ? `[${host}]` : host;
  return `${url.scheme}://${name}${url.port === defaultPort ? '' : `:${url.port}`}`;
}

// A custom URL may hold underscores (SPEC 5), which a host name may not: such a slug has no subdomain.
const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The subdomain of the app's host a custom URL answers on (`{slug}.{APP_HOST}`), or null when it can have none. */
export function slugHostOf(slug: string, appHost: string): string | null {
  const label = slug.toLowerCase();
  return DNS_LABEL.test(label) ? `${label}.${appHost}` : null;
}

/**
 * The slug a host names as a subdomain of the app's host (`acme.app.example.com` → `acme`), or null when the host is
 * not exactly one label under it.
 */
export function slugOfHost(host: string, appHost: string): string | null {
  const suffix = `.${appHost}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return DNS_LABEL.test(label) ? label : null;
}
