import type { DashboardPeriod } from '@rally/shared';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** A run of UTC days, first and last inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

/** The dashboard's windows: the period and the one before, and the fixed 7- and 30-day activity windows. */
export interface DashboardRanges {
  current: DayRange;
  previous: DayRange;
  last7: DayRange;
  prev7: DayRange;
  last30: DayRange;
  prev30: DayRange;
}

const DAYS: Record<DashboardPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The last `days` days ending with `to`, and the same number of days before them. */
function window(to: string, days: number): [DayRange, DayRange] {
  const from = isoDay(dayMs(to) - (days - 1) * DAY_MS);
  const prevTo = isoDay(dayMs(from) - DAY_MS);
  return [
    { from, to },
    { from: isoDay(dayMs(prevTo) - (days - 1) * DAY_MS), to: prevTo },
  ];
}

export function getDashboardRanges(period: DashboardPeriod, now = new Date()): DashboardRanges {
  const to = isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [current, previous] = window(to, DAYS[period]);
  const [last7, prev7] = window(to, 7);
  const [last30, prev30] = window(to, 30);
  return { current, previous, last7, prev7, last30, prev30 };
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let at = dayMs(range.from); at <= dayMs(range.to); at += DAY_MS) out.push(isoDay(at));
  return out;
}

/** The earliest day any window reads. */
export const earliestDay = (r: DashboardRanges): string =>
  [r.previous.from, r.prev7.from, r.prev30.from].sort()[0]!;
