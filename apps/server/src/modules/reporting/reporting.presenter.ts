import { REPORT_COLUMNS, type ReportName, type ReportResponse, type ReportRow } from '@rally/shared';
import { daysOf } from './reporting.scope.ts';

type Cell = string | number | null;

/** A table row as the API answers it: its id and one cell per column of the report, in REPORT_COLUMNS order. */
export function presentReportRow(report: ReportName, row: Record<string, unknown>): ReportRow {
  const cells: Record<string, Cell> = {};
  for (const [key, kind] of Object.entries(REPORT_COLUMNS[report])) {
    const value = row[key];
    if (value === null || value === undefined) cells[key] = null;
    else cells[key] = kind === 'text' ? String(value) : Number(value);
  }
  return { id: String(row.id), cells };
}

/**
 * The chart: every day of the range (zeros where nothing was counted) for each line found, and the summary: each
 * line's total plus the scope's members and their active seconds.
 */
export function presentSeries(
  range: { from: string; to: string },
  points: { day: string; key: string; value: number }[],
  totals: { members: number; active_seconds: number },
): Pick<ReportResponse, 'series' | 'summary'> {
  const days = daysOf(range.from, range.to);
  const index = new Map(days.map((d, i) => [d, i]));
  const lines = new Map<string, number[]>();
  for (const p of points) {
    const i = index.get(p.day);
    if (i === undefined) continue;
    let values = lines.get(p.key);
    if (!values) {
      values = days.map(() => 0);
      lines.set(p.key, values);
    }
    values[i] = (values[i] ?? 0) + Number(p.value);
  }
  const ordered = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b));
  const summary: Record<string, number> = { ...totals };
  for (const [key, values] of ordered) summary[key] = values.reduce((a, b) => a + b, 0);
  return { series: { days, lines: ordered.map(([key, values]) => ({ key, values })) }, summary };
}
