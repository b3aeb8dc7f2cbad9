import { REPORT_COLUMNS, type ReportColumnKind, type ReportName, type ReportResponse } from '@rally/shared';
import { i18n } from '../../../lib/i18n';
import { formatDurationIn } from '../../../utils/format-duration';

/** The kind of each column of a report, in order. */
export const columnsOf = (report: ReportName) =>
  Object.entries(REPORT_COLUMNS[report]) as [string, ReportColumnKind][];

/** A cell as people read it: counts grouped, percentages with %, durations in SPEC 9's format, text as is. */
export function formatCell(kind: ReportColumnKind, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (kind === 'percent') return `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
  if (kind === 'duration') return formatDurationIn(value / 60, i18n.language);
  return value.toLocaleString(undefined, { maximumFractionDigits: 2 });
}

/**
 * The name of a chart line or headline figure ('shares', 'members', or an activity type such as 'training'): the
 * reporting text for it, else the activity type's name, else the key. Each text is looked up only if it exists, so
 * no lookup counts as a missing translation.
 */
export function figureLabel(group: 'lines' | 'summary', key: string): string {
  for (const name of [`adminReporting.${group}.${key}`, `activityTypes.${key}`])
    if (i18n.exists(name)) return i18n.t(name);
  return key;
}

/** "Nov 3": a day of the chart (ISO date, UTC). */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today and `days - 1` days before it, as ISO dates (UTC): the range the server uses by default. */
export function defaultRange(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Past this many days the chart sums each week into one bar: a day per bar would be hairlines. */
export const WEEKLY_AFTER_DAYS = 45;

/** Sums days into weeks of seven, starting at the range's first day (the last week may be shorter). */
export function weekly(days: readonly string[], lines: ReportResponse['series']['lines']) {
  const starts = days.filter((_, i) => i % 7 === 0);
  return {
    days: starts,
    lines: lines.map((line) => ({
      key: line.key,
      values: starts.map((_, w) => line.values.slice(w * 7, w * 7 + 7).reduce((a, b) => a + b, 0)),
    })),
  };
}
