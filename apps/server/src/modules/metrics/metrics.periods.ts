import type { MetricsBucket, MetricsPeriod } from '@rally/shared';

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** A My Metrics period in UTC days: first and last day (inclusive) and how its series is cut. */
export interface MetricsRange {
  from: string;
  to: string;
  bucket: MetricsBucket;
}

/** Today in UTC (ISO date). */
export const todayOf = (now: Date) =>
  isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Monday of the ISO week of a day. */
export function weekStartOf(iso: string): string {
  const ms = dayMs(iso);
  return isoDay(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
}

/**
 * The period's days: the last 7 / 30 days by day, the last 90 days and this year by week, all time (from the
 * member's first counted day, `firstDay`) by month.
 */
export function getMetricsRange(
  period: MetricsPeriod,
  firstDay: string | null,
  now = new Date(),
): MetricsRange {
  const to = todayOf(now);
  const back = (days: number) => isoDay(dayMs(to) - (days - 1) * DAY_MS);
  switch (period) {
    case '7d':
      return { from: back(7), to, bucket: 'day' };
    case '30d':
      return { from: back(30), to, bucket: 'day' };
    case '90d':
      return { from: back(90), to, bucket: 'week' };
    case 'year':
      return { from: `${to.slice(0, 4)}-01-01`, to, bucket: 'week' };
    default:
      return { from: firstDay && firstDay < to ? firstDay : to, to, bucket: 'month' };
  }
}

/** The first day of the bucket a day falls in. */
export function bucketStartOf(iso: string, bucket: MetricsBucket): string {
  if (bucket === 'day') return iso;
  if (bucket === 'week') return weekStartOf(iso);
  return `${iso.slice(0, 7)}-01`;
}

/** Every bucket start of a range, in order. */
export function bucketStarts(range: MetricsRange): string[] {
  const out: string[] = [];
  let at = bucketStartOf(range.from, range.bucket);
  while (at <= range.to) {
    out.push(at);
    if (range.bucket === 'day') at = isoDay(dayMs(at) + DAY_MS);
    else if (range.bucket === 'week') at = isoDay(dayMs(at) + 7 * DAY_MS);
    else {
      const d = new Date(dayMs(at));
      at = isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    }
  }
  return out;
}

/** Week starts (Mondays) from the week of `from` to the week of `to`, the last `max` of them. */
export function weekStarts(from: string, to: string, max: number): string[] {
  return bucketStarts({ from, to, bucket: 'week' }).slice(-max);
}

/**
 * The median of a client's members for one figure, from the non-zero values sorted ascending and the number of
 * members (those missing counted as 0).
 */
export function medianWithZeros(sortedNonZero: readonly number[], members: number): number {
  const n = Math.max(members, sortedNonZero.length);
  if (n === 0) return 0;
  const negatives = sortedNonZero.filter((v) => v < 0).length;
  const zeros = n - sortedNonZero.length;
  const at = (p: number) => {
    if (p < negatives) return sortedNonZero[p]!;
    if (p < negatives + zeros) return 0;
    return sortedNonZero[p - zeros]!;
  };
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}
