const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Languages whose formatters are kept: the app speaks one or two, so a few is plenty. */
const MAX_LANGUAGES = 4;

/**
 * One formatter per language, made once: building an Intl formatter costs far more than formatting with it, and a
 * list formats a date per row.
 */
function memoByLanguage<T>(make: (language: string) => T): (language: string) => T {
  const made = new Map<string, T>();
  return (language) => {
    let formatter = made.get(language);
    if (!formatter) {
      if (made.size >= MAX_LANGUAGES) made.clear();
      formatter = make(language);
      made.set(language, formatter);
    }
    return formatter;
  };
}

/** The language's relative-time formatter ("tomorrow", "in 3 hours"), made once. */
export const relativeFormat = memoByLanguage(
  (language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
);
const dateFormat = memoByLanguage(
  (language) => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }),
);
const dateTimeFormat = memoByLanguage(
  (language) =>
    // What Date#toLocaleString shows: numeric date, then the time with seconds.
    new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    }),
);

/** Date and time as Date#toLocaleString shows them, e.g. for the tooltip of a relative time. */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(language).format(new Date(iso));
}

/** "3 hours ago", "yesterday", "now" in the given language. */
export function formatRelativeTime(iso: string, language: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = relativeFormat(language);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A date like "12 Mar 2026" in the given language. */
export function formatDate(iso: string, language: string): string {
  return dateFormat(language).format(new Date(iso));
}
