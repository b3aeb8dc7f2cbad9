import type { DashboardFigure, DashboardResponse } from '@rally/shared';
import { i18n } from '../../../lib/i18n';

// In the UI's language (issue 14); English before i18n starts.
const locale = () => i18n.language ?? 'en';
const DAY = {
  format: (d: Date) => d.toLocaleDateString(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};

/** An ISO date as people read it ("3 Nov"). */
export const dayLabel = (iso: string) => DAY.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** A figure with at most one decimal. */
export const formatFigure = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString(locale())
    : value.toLocaleString(locale(), { maximumFractionDigits: 1 });

/** Which way a figure went against the period before, and by how many percent (null: nothing to compare with). */
export interface Trend {
  direction: 'up' | 'down' | 'flat';
  percent: number | null;
}

export function trendOf({ value, previous }: DashboardFigure): Trend {
  if (value === previous) return { direction: 'flat', percent: 0 };
  const direction = value > previous ? 'up' : 'down';
  if (previous === 0) return { direction, percent: null };
  return { direction, percent: Math.round((Math.abs(value - previous) / Math.abs(previous)) * 100) };
}

/** Whether the period counted nothing at all: no figure, now or before, and no queue. */
export function isEmptyDashboard(d: DashboardResponse): boolean {
  const figures = [
    d.active_members_30d,
    d.shares,
    d.clicks,
    d.trainings_completed,
    d.brand_content_waiting,
    d.participation_rate,
    ...(d.applicants_waiting ? [d.applicants_waiting] : []),
  ];
  return figures.every((f) => f.value === 0 && f.previous === 0) && d.top_members.length === 0;
}
