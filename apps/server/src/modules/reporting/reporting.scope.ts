import {
  REPORT_COLUMNS,
  REPORT_DEFAULT_DAYS,
  REPORT_DEFAULT_SORT,
  REPORT_FILTERS,
  REPORT_MAX_DAYS,
  type ReportFilterName,
  type ReportFilters,
  type ReportName,
} from '@rally/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isClientRow, type ReportScope } from './reporting.repository.ts';

const DAY_MS = 86_400_000;
const FILTER_NAMES: ReportFilterName[] = ['project_id', 'team_id', 'activity_type', 'network'];
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The range's days, from and to included (UTC). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(isoDay(new Date(t)));
  return days;
}

/**
 * Checks a report's filters and resolves its range: 400 naming a filter the report does not take, a range ending
 * before it starts or longer than REPORT_MAX_DAYS; 404 for a project or team that is not the client's. Without
 * dates the range is the REPORT_DEFAULT_DAYS days ending today.
 */
export async function resolveScope(
  db: Db,
  q: { clientId: string; report: ReportName; filters: ReportFilters; now?: Date },
): Promise<ReportScope> {
  const allowed = REPORT_FILTERS[q.report] as readonly string[];
  const extra = FILTER_NAMES.find((name) => q.filters[name] !== undefined && !allowed.includes(name));
  if (extra) throw badRequest(`${extra} does not apply to the ${q.report} report`);
  const to = q.filters.to ?? isoDay(q.now ?? new Date());
  const from =
    q.filters.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS));
  if (from > to) throw badRequest('from must be on or before to');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > REPORT_MAX_DAYS)
    throw badRequest(`from and to must be at most ${REPORT_MAX_DAYS} days apart`);
  if (
    q.filters.project_id &&
    !(await isClientRow(db, { clientId: q.clientId, table: 'projects', id: q.filters.project_id }))
  )
    throw notFound('$t(words.project) not found');
  if (
    q.filters.team_id &&
    !(await isClientRow(db, { clientId: q.clientId, table: 'teams', id: q.filters.team_id }))
  )
    throw notFound('$t(words.team) not found');
  const { from: _f, to: _t, ...dims } = q.filters;
  return { ...dims, clientId: q.clientId, from, to };
}

/** The sort column: one of the report's columns (400 naming sort otherwise), or its default. */
export function resolveSort(report: ReportName, sort: string | undefined): string {
  if (sort === undefined) return REPORT_DEFAULT_SORT[report];
  if (!Object.hasOwn(REPORT_COLUMNS[report], sort))
    throw badRequest(`sort must be one of ${Object.keys(REPORT_COLUMNS[report]).join(', ')}`);
  return sort;
}
