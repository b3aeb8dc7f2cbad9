function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Formats a duration in minutes (SPEC 9): minutes are rounded up first; under 60 gives 'N min(s)',
 * otherwise 'N hr(s)' followed by ' M min(s)' when M is not 0, e.g. 125 → '2 hrs 5 mins'.
 * Negative, NaN and infinite input is treated as 0 ('0 mins').
 */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.ceil(minutes) : 0;
  if (total < 60) return plural(total, 'min');
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (rest === 0) return plural(hours, 'hr');
  return `${plural(hours, 'hr')} ${plural(rest, 'min')}`;
}
