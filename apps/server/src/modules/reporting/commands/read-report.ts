import type { ReportName, ReportQuery, ReportResponse } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { presentReportRow, presentSeries } from '../reporting.presenter.ts';
import { findReportRows, findReportSeries, findScopeTotals } from '../reporting.repository.ts';
import { resolveScope, resolveSort } from '../reporting.scope.ts';

/**
 * GET /api/admin/reports/{report}: checks the filters and sort (400/404 before anything is read), then reads
 * the page of the table, the chart and the headline figures from the rollups.
 */
export async function readReport(
  db: Db,
  { clientId, report, query }: { clientId: string; report: ReportName; query: ReportQuery },
): Promise<ReportResponse> {
  const sort = resolveSort(report, query.sort);
  const { sort: _s, dir, limit, cursor, ...filters } = query;
  const scope = await resolveScope(db, { clientId, report, filters });
  const [page, points, totals] = await Promise.all([
    findReportRows(db, { ...scope, report, sort, dir, limit, cursor }),
    findReportSeries(db, { ...scope, report }),
    findScopeTotals(db, scope),
  ]);
  const rows = page.rows.map((row) => presentReportRow(report, row));
  const isBefore = limit < 0 && cursor !== undefined;
  return {
    report,
    from: scope.from,
    to: scope.to,
    sort,
    dir,
    ...presentSeries(scope, points, totals),
    rows,
    total_rows: page.total,
    next_cursor: !isBefore && page.hasMore ? (rows.at(-1)?.id ?? null) : null,
  };
}
