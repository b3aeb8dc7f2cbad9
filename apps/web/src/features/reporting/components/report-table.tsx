import type { ReportResponse } from '@rally/shared';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { columnsOf, dayLabel, formatCell } from '../utils/report-format';

interface ReportTableProps {
  data: ReportResponse;
  /** Whether a page comes before this one (the view has a cursor). */
  hasPrevious: boolean;
  onSort: (column: string) => void;
  onNext: (cursor: string) => void;
  onFirst: () => void;
  onPrevious: () => void;
}

/**
 * The report's table: every column header is a sort button (aria-sort says the current order), numbers align
 * right, and SPEC 7 paging moves by cursor. Scrolls sideways inside its box on phones.
 */
export function ReportTable({ data, hasPrevious, onSort, onNext, onFirst, onPrevious }: ReportTableProps) {
  const { t } = useTranslation();
  const columns = columnsOf(data.report);
  const label = (key: string) => t(`adminReporting.columns.${key}`);
  const text = (
    key: string,
    value: string | number | null | undefined,
    kind: Parameters<typeof formatCell>[0],
  ) => {
    if (value === null && key === 'project' && data.report === 'points') return t('adminReporting.noProject');
    if (key === 'network' && typeof value === 'string')
      return t(`channels.${value}`, { defaultValue: value });
    if (key === 'type' && typeof value === 'string')
      return t(`activityTypes.${value}`, { defaultValue: value });
    return formatCell(kind, value);
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="px-4 pt-3 text-left text-sm text-slate-600">
            {t('adminReporting.table.caption', {
              report: t(`adminReporting.reports.${data.report}`),
              from: dayLabel(data.from),
              to: dayLabel(data.to),
              column: label(data.sort),
              dir: t(`adminReporting.table.${data.dir}`),
            })}
          </caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {columns.map(([key, kind]) => {
                const isSorted = data.sort === key;
                const Icon = !isSorted ? ArrowUpDown : data.dir === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={isSorted ? (data.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={clsx('px-2 py-2 font-medium', kind !== 'text' && 'text-right')}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(key)}
                      aria-label={t('adminReporting.table.sortBy', { column: label(key) })}
                      className={clsx(
                        'inline-flex min-h-9 items-center gap-1 rounded-lg px-2 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand/25',
                        isSorted && 'text-slate-900',
                      )}
                    >
                      {label(key)}
                      <Icon aria-hidden className="size-3.5" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0">
                {columns.map(([key, kind], i) => {
                  const Cell = i === 0 ? 'th' : 'td';
                  return (
                    <Cell
                      key={key}
                      scope={i === 0 ? 'row' : undefined}
                      className={clsx(
                        'px-4 py-2.5',
                        i === 0 ? 'font-medium text-slate-900' : 'text-slate-700',
                        kind !== 'text' && 'text-right tabular-nums',
                      )}
                    >
                      {text(key, row.cells[key], kind)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
        <p className="text-sm text-slate-600">{t('adminReporting.table.rows', { count: data.total_rows })}</p>
        <div className="flex gap-2">
          {hasPrevious && (
            <>
              <Button variant="ghost" size="sm" onClick={onFirst}>
                {t('adminReporting.table.first')}
              </Button>
              <Button variant="secondary" size="sm" onClick={onPrevious}>
                <ChevronLeft aria-hidden className="size-4" />
                {t('adminReporting.table.previous')}
              </Button>
            </>
          )}
          {data.next_cursor && (
            <Button variant="secondary" size="sm" onClick={() => onNext(data.next_cursor!)}>
              {t('adminReporting.table.next')}
              <ChevronRight aria-hidden className="size-4" />
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
