import type { MetricsBucket } from '@rally/shared';
import { i18n } from '../../../lib/i18n';
import { formatDurationIn } from '../../../utils/format-duration';

// In the UI's language (issue 14); English before i18n starts.
const locale = () => i18n.language ?? 'en';
const DAY = {
  format: (d: Date) => d.toLocaleDateString(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};
const MONTH = {
  format: (d: Date) => d.toLocaleDateString(locale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** A bucket's label from its first day (ISO date): "3 Nov" for days and weeks, "Nov 2026" for months. */
export function bucketLabel(start: string, bucket: MetricsBucket): string {
  const date = new Date(`${start}T00:00:00Z`);
  return bucket === 'month' ? MONTH.format(date) : DAY.format(date);
}

/** An ISO date as people read it ("3 Nov"). */
export const dayLabel = (iso: string) => DAY.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** Seconds of active time in SPEC 9's duration format ("5 mins", "2 hrs 5 mins"), or the UI language's. */
export const formatSeconds = (seconds: number) => formatDurationIn(seconds / 60, i18n.language);

/** A figure with at most one decimal (averages and medians can be halves). */
export const formatFigure = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString(locale())
    : value.toLocaleString(locale(), { maximumFractionDigits: 1 });
