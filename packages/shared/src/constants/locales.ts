/** The UI languages of the app (issue 14): English, the source, and Spanish. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language the app falls back to for any missing string, and shows when nothing else is known. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as the /profile language choice shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

/** Whether a value is one of the app's languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
