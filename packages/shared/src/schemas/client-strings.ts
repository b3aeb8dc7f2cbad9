import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants/locales.ts';

/**
 * The client's free wording overrides (issue 14, /admin/general "Words and languages"): any UI string of the app,
 * per language, through the client's i18n namespace. Stored flat in the client's `config.strings`, as before:
 * an English override under its key (`nav.projects`), another language's under the key prefixed with the
 * language (`es:nav.projects`), so the overrides stored before languages existed keep meaning English.
 */

/** Longest key an override may name ('es:' included). */
export const STRING_KEY_MAX = 200;
/** Longest override text. */
export const STRING_VALUE_MAX = 1000;
/** Most overrides a client may keep, all languages together (the bootstrap carries them all). */
export const CLIENT_STRINGS_MAX = 1000;

/** An i18next key: dotted names of letters, digits and _, optionally after a language prefix ('es:'). */
const KEY_PATTERN = new RegExp(
  `^(?:(?:${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')}):)?[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*$`,
);

/** The stored key of an override of `key` in `locale`. */
export function stringKeyFor(locale: Locale, key: string): string {
  return locale === DEFAULT_LOCALE ? key : `${locale}:${key}`;
}

/** A stored override key split into its language and i18next key. */
export function parseStringKey(stored: string): { locale: Locale; key: string } {
  const colon = stored.indexOf(':');
  if (colon < 0) return { locale: DEFAULT_LOCALE, key: stored };
  const locale = stored.slice(0, colon);
  return (LOCALES as readonly string[]).includes(locale)
    ? { locale: locale as Locale, key: stored.slice(colon + 1) }
    : { locale: DEFAULT_LOCALE, key: stored };
}

/** Whether a stored override key is well formed (the language prefix, if any, one of the app's). */
export function isStringKey(stored: string): boolean {
  return stored.length <= STRING_KEY_MAX && KEY_PATTERN.test(stored);
}

/**
 * PATCH /api/admin/client/strings (ADMIN): only the overrides sent change; a text sets one, null or '' clears it.
 * A malformed key answers 400 naming it ("strings.es:nav.home: …"); nothing is written then.
 */
export const UpdateClientStringsRequestSchema = z.strictObject({
  /** Stored key ('nav.home', 'es:nav.home') → its new text, or null to go back to the app's own. */
  strings: z
    .record(
      z.string(),
      z
        .string({ message: 'must be a text or null' })
        .trim()
        .max(STRING_VALUE_MAX, `must be ${STRING_VALUE_MAX} characters or less`)
        .nullable(),
    )
    .superRefine((strings, ctx) => {
      const keys = Object.keys(strings);
      if (keys.length > CLIENT_STRINGS_MAX)
        ctx.addIssue({ code: 'custom', message: `must change at most ${CLIENT_STRINGS_MAX} keys at once` });
      for (const key of keys.filter((k) => !isStringKey(k))) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is not a string key (letters, digits, _ and dots, at most ${STRING_KEY_MAX} characters, optionally after es:)`,
        });
      }
    }),
});
export type UpdateClientStringsRequest = z.infer<typeof UpdateClientStringsRequestSchema>;

/** GET and PATCH /api/admin/client/strings: every override the client keeps, by stored key. */
export const ClientStringsResponseSchema = z.object({ strings: z.record(z.string(), z.string()) });
export type ClientStringsResponse = z.infer<typeof ClientStringsResponseSchema>;
