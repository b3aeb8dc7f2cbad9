import { CUSTOM_URL_MAX_LENGTH } from '../constants/limits.ts';

/** Options of `validateCustomUrl`. */
export interface CustomUrlOptions {
  /** Field name used in messages; defaults to 'Custom URL'. */
  label?: string;
  /** Longest accepted slug after trimming; defaults to CUSTOM_URL_MAX_LENGTH. */
  max?: number;
}

const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PARTS = /^https?:\/\/([^/?#]*)(.*)$/i;
const AUTHORITY_PARTS = /^([^:@]+)(?::(\d{1,5}))?$/;
const URL_TAIL = /^(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/;
const IPV4_OCTET = /^(0|[1-9]\d{0,2})$/;
const HOST_LABEL = /^[\p{L}\p{M}0-9](?:[\p{L}\p{M}0-9-]*[\p{L}\p{M}0-9])?$/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/**
 * Checks a custom URL slug (SPEC 5) and returns the first error message, or null when valid.
 * The slug is trimmed before the length and character checks.
 */
export function validateCustomUrl(
  value: string | null | undefined,
  options: CustomUrlOptions = {},
): string | null {
  const label = options.label ?? 'Custom URL';
  const max = options.max ?? CUSTOM_URL_MAX_LENGTH;
  if (value === null || value === undefined || value === '') return `${label} is required`;
  const slug = value.trim();
  if (slug === '') return `${label} cannot be empty`;
  if (slug.length > max) return `${label} must be ${max} characters or less`;
  if (SLUG_PATTERN.test(slug)) return null;
  return `${label} must contain only letters, numbers, hyphens, and underscores`;
}

/** True for 'local@domain.tld': one non-space part before @, one after, then a dot with more after it (SPEC 5). */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Longest email address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The first problem with an email address as typed, or null — the messages EmailSchema answers, for forms that
 * check without loading zod (the login page's first load).
 */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH) return `Email must be ${EMAIL_MAX_LENGTH} characters or less`;
  if (!isValidEmail(email)) return 'Email must be a valid email address';
  return null;
}

function isIpv4(host: string): boolean {
  const octets = host.split('.');
  if (octets.length !== 4) return false;
  return octets.every((octet) => IPV4_OCTET.test(octet) && Number(octet) <= 255);
}

function isDottedHostName(host: string): boolean {
  const labels = host.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => HOST_LABEL.test(label))) return false;
  const last = labels[labels.length - 1] ?? '';
  // An all-digit last label would let malformed IPv4 forms like 256.1.1.10 pass as names.
  return [...last].length >= 2 && !/^\d+$/.test(last);
}

function isValidHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  if (isIpv4(host)) return true;
  return isDottedHostName(host);
}

/**
 * True for an http(s) website address (SPEC 5): empty is valid; otherwise the host is localhost, a dotted
 * name whose last label has at least 2 characters, or IPv4, with optional port, path, query and fragment.
 * User info, IPv6 hosts and whitespace are rejected.
 */
export function isValidWebsiteUrl(value: string): boolean {
  if (value === '') return true;
  const parts = URL_PARTS.exec(value);
  if (!parts) return false;
  const authority = AUTHORITY_PARTS.exec(parts[1] ?? '');
  if (!authority) return false;
  const [, host = '', port] = authority;
  if (port !== undefined && Number(port) > 65_535) return false;
  if (!isValidHost(host)) return false;
  return URL_TAIL.test(parts[2] ?? '');
}

/**
 * True when a text is made only of non-word characters (no letter or digit in any script) and has no emoji,
 * the separate check of SPEC 5. Empty or whitespace-only text is not flagged (false): emptiness is the
 * concern of the required check.
 */
export function isNonWordText(value: string): boolean {
  if (value.trim() === '') return false;
  if (WORD_CHARACTER.test(value)) return false;
  return !EMOJI.test(value);
}

// C0 controls but tab, line feed and carriage return; DEL; and UTF-16 halves without their other half (they cannot
// be stored as UTF-8, and PostgreSQL refuses NUL in text outright).
const CONTROL_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a control character (or a broken UTF-16 pair) that no text input of the app accepts. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The path (`first_name`, `placeholders.0.name`, or '' for the value itself) of the first string in an input —
 * value or object key, at any depth — that holds a control character; null when there is none. Walks without
 * recursion, so a deeply nested input cannot overflow the stack.
 */
export function findControlCharacter(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacter(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
