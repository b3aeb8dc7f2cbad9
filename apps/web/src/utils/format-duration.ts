import { DEFAULT_LOCALE, formatDuration } from '@rally/shared';

/**
 * Minutes as people read them in `language`: English keeps SPEC 9's format ("5 mins", "2 hrs 5 mins"); another
 * language gets the abbreviations it shares with most languages ("5 min", "2 h 5 min"), rounded up the same way.
 */
export function formatDurationIn(minutes: number, language: string | undefined): string {
  if (!language || language === DEFAULT_LOCALE) return formatDuration(minutes);
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.ceil(minutes) : 0;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
