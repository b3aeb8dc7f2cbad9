import { z } from 'zod';

/** Longest domain name DNS allows (RFC 1035), in its ASCII (punycode) form. */
export const DOMAIN_HOST_MAX_LENGTH = 253;
/** Longest label (the part between two dots) DNS allows. */
const DOMAIN_LABEL_MAX_LENGTH = 63;
/** The TXT record proving a domain is the client's lives at `{prefix}.{host}`. */
export const DOMAIN_VERIFICATION_PREFIX = '_rally-verification';
/** A domain waiting for its TXT record is re-checked in the background this long after it was added. */
export const DOMAIN_RECHECK_WINDOW_HOURS = 72;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
// A label: letters (any script, for names typed in their own alphabet), digits and inner hyphens.
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]*[\p{L}\p{N}\p{M}])?$/u;
const EXAMPLE = 'Host must be a domain name such as community.example.com';

/**
 * Checks a domain an admin types (`host`): a bare domain name, no scheme, path or port, not an IP address, with a
 * top-level label of at least 2 letters. Names in other scripts pass here; the server stores their punycode form.
 * Answers the message naming the field, or null when the value is fine. Call it on the value from normalizeHost.
 */
export function validateDomainHost(value: string): string | null {
  if (value === '') return 'Host is required';
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value))
    return 'Host must be the domain name only, without http:// or https://';
  if (/[/?#\\]/.test(value)) return 'Host must be the domain name only, without a path';
  if (value.startsWith('[') || (value.match(/:/g)?.length ?? 0) > 1)
    return 'Host must be a domain name, not an IP address';
  if (value.includes(':')) return 'Host must be the domain name only, without a port';
  if (value.includes('@')) return EXAMPLE;
  if (IPV4.test(value)) return 'Host must be a domain name, not an IP address';
  if (value.length > DOMAIN_HOST_MAX_LENGTH)
    return `Host must be ${DOMAIN_HOST_MAX_LENGTH} characters or less`;
  const labels = value.split('.');
  if (labels.length < 2) return EXAMPLE;
  if (labels.some((l) => l.length > DOMAIN_LABEL_MAX_LENGTH || !LABEL.test(l))) return EXAMPLE;
  if (!/^\p{L}{2,}$/u.test(labels.at(-1)!) && !/^xn--[a-z0-9-]+$/.test(labels.at(-1)!)) return EXAMPLE;
  return null;
}

/** The form a typed domain is checked and stored in: trimmed, lower-case, without the root's trailing dot. */
export const normalizeHost = (value: string) => value.trim().toLowerCase().replace(/\.$/, '');

/** POST /api/admin/client/domains: the domain to add (checked with validateDomainHost). */
export const AddDomainRequestSchema = z.strictObject({
  host: z
    .string({ error: 'Host is required' })
    .transform(normalizeHost)
    .superRefine((value, ctx) => {
      const message = validateDomainHost(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
});
export type AddDomainRequest = z.input<typeof AddDomainRequestSchema>;

/** Path of the calls on one domain: its host as stored (punycode, lower-case). */
export const DomainParamsSchema = z.object({
  host: z.string().min(1).max(DOMAIN_HOST_MAX_LENGTH, 'host must be 253 characters or less'),
});

/** A DNS record the client must create at its DNS provider. */
export const DnsRecordSchema = z.object({
  type: z.enum(['TXT', 'CNAME']),
  /** Full name of the record, e.g. `_rally-verification.community.example.com`. */
  name: z.string(),
  value: z.string(),
  /** What the record is for: proving the domain is the client's, or sending its visitors to the app. */
  purpose: z.enum(['verification', 'routing']),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

/**
 * verified: the app answers as the client there. pending: waiting for the TXT record, re-checked in the background.
 * failed: still not found DOMAIN_RECHECK_WINDOW_HOURS after it was added; only "Verify now" checks again.
 */
export const DOMAIN_STATUSES = ['verified', 'pending', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** One of the client's domains as its admins see it. */
export const ClientDomainSchema = z.object({
  host: z.string(),
  /** The name as typed in its own script, when the host is an internationalised (punycode) name. */
  display_host: z.string(),
  is_primary: z.boolean(),
  status: z.enum(DOMAIN_STATUSES),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** What the last failed check found, in words an admin can act on. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  /** Records to create; empty for a domain set up by the operator (it has no token). */
  records: z.array(DnsRecordSchema),
  abilities: z.object({
    can_verify: z.boolean(),
    can_make_primary: z.boolean(),
    can_remove: z.boolean(),
  }),
});
export type ClientDomain = z.infer<typeof ClientDomainSchema>;

/** GET /api/admin/client/domains: primary first, then by name. */
export const ClientDomainsResponseSchema = z.object({
  domains: z.array(ClientDomainSchema),
  /** The app's own host, which CNAME records point at. */
  app_host: z.string(),
});
export type ClientDomainsResponse = z.infer<typeof ClientDomainsResponseSchema>;

export const ClientDomainResponseSchema = z.object({ domain: ClientDomainSchema });
export type ClientDomainResponse = z.infer<typeof ClientDomainResponseSchema>;

/** What one DNS lookup found, beside what it expected. */
export const DnsLookupSchema = z.object({
  name: z.string(),
  expected: z.string(),
  found: z.array(z.string()),
  /** The lookup itself failed (timeout, refused): `found` then says nothing. */
  error: z.string().nullable(),
});

/** POST /api/admin/client/domains/:host/verify: the domain after the check and what DNS answered. */
export const VerifyDomainResponseSchema = z.object({
  domain: ClientDomainSchema,
  check: z.object({
    verified: z.boolean(),
    /** One sentence for the admin, e.g. "TXT record not found at _rally-verification.example.com". */
    message: z.string(),
    txt: DnsLookupSchema,
    /** Advisory: whether the host already leads to the app (a CNAME to app_host, or the same address). */
    routing: DnsLookupSchema.extend({ ok: z.boolean() }),
  }),
});
export type VerifyDomainResponse = z.infer<typeof VerifyDomainResponseSchema>;
