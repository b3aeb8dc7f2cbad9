import type { DashboardPeriod } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { type DashboardRanges, earliestDay, getDashboardRanges } from '../dashboard.periods.ts';
import type { DashboardScope } from '../dashboard.policy.ts';
import type { DashboardData } from '../dashboard.presenter.ts';
import {
  countApplicantsWaiting,
  countBrandContentWaiting,
  countTrainingCompletion,
  findShareFigures,
} from '../dashboard.repository.ts';
import { findMemberFigures, findMetricFigures } from '../dashboard-rollups.repository.ts';

/** Rows of each "top" list. */
export const TOP = 5;

/**
 * Every read the Dashboard is presented from, side by side: the rollups' figures per member and per metric, shares
 * and clicks from report_facts, the review queues and training completion (applicants only for a viewer who sees
 * them). The route caches and presents it; the benchmark runs exactly this.
 */
export async function gatherDashboard(
  db: Db,
  q: {
    clientId: string;
    scope: DashboardScope;
    period: DashboardPeriod;
    withApplicants: boolean;
    now?: Date;
  },
): Promise<{ ranges: DashboardRanges; data: DashboardData }> {
  const ranges = getDashboardRanges(q.period, q.now);
  const scoped = { clientId: q.clientId, scope: q.scope };
  const since = ranges.current.from;
  const [members, metrics, shares, brandContent, applicants, trainings] = await Promise.all([
    findMemberFigures(db, { ...scoped, ranges, earliest: earliestDay(ranges), limit: TOP }),
    findMetricFigures(db, { ...scoped, ranges }),
    findShareFigures(db, { ...scoped, ranges, limit: TOP }),
    countBrandContentWaiting(db, { ...scoped, since }),
    q.withApplicants ? countApplicantsWaiting(db, { clientId: q.clientId, since }) : null,
    countTrainingCompletion(db, { ...scoped, since }),
  ]);
  return { ranges, data: { ...members, ...metrics, ...shares, brandContent, applicants, trainings } };
}
