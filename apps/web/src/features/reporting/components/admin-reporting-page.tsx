import {
  DEFAULT_PRIMARY_COLOR,
  REPORT_DEFAULT_DAYS,
  REPORT_DEFAULT_SORT,
  REPORTS,
  type ReportFilters,
  type ReportName,
} from '@rally/shared';
import { CalendarClock, FileChartColumn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryStates } from '../../../components/ui/query-states';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { useReport } from '../api/get-report';
import { useReportOptions } from '../api/get-report-options';
import { dayLabel, defaultRange } from '../utils/report-format';
import { onlyApplicable, type ReportView, readReportView, writeReportView } from '../utils/report-params';
import { ExportButtons } from './export-buttons';
import { ReportChart } from './report-chart';
import { ReportFiltersBar } from './report-filters';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';
import { ScheduleDialog } from './schedule-dialog';

function ReportSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="space-y-4">
      <Skeleton className="h-24" />
      <Skeleton className="h-56" />
      <Skeleton className="h-72" />
    </div>
  );
}

/**
 * /admin/reporting (ADMIN only): pick a report, filter it, read its chart and sortable table page by page,
 * export it to CSV or XLSX (a background task in the progress banner, then a download), or have it emailed.
 * The whole view lives in the address, so a reload or a shared link opens the same report.
 */
export function AdminReportingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const client = useClient();
  const [params, setParams] = useSearchParams();
  const view = readReportView(params);
  const query = useReport(user?.id ?? '', view);
  const options = useReportOptions(user?.id ?? '');
  const [isScheduling, setScheduling] = useState(false);
  // Cursors of the pages before this one, for Previous (the address keeps only the current page's).
  const history = useRef<(string | undefined)[]>([]);
  if (!user) return null;
  const go = (next: ReportView, keepHistory = false) => {
    if (!keepHistory) history.current = [];
    setParams(writeReportView(next), { replace: true });
  };
  const range = {
    ...defaultRange(REPORT_DEFAULT_DAYS),
    ...(query.data && { from: query.data.from, to: query.data.to }),
  };
  const chooseReport = (report: ReportName) =>
    go({
      report,
      filters: onlyApplicable(report, view.filters),
      sort: REPORT_DEFAULT_SORT[report],
      dir: 'desc',
    });
  const filter = (filters: ReportFilters) =>
    go({ ...view, filters: onlyApplicable(view.report, filters), cursor: undefined });
  const sort = (column: string) =>
    go({
      ...view,
      sort: column,
      dir: view.sort === column && view.dir === 'desc' ? 'asc' : 'desc',
      cursor: undefined,
    });
  return (
    <div className="space-y-5">
      <PageHeading
        title={t('adminReporting.heading')}
        description={t('adminReporting.intro', { client: client.name })}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectListbox
          className="w-full sm:w-72"
          label={t('adminReporting.reportLabel')}
          options={REPORTS.map((value) => ({ value, label: t(`adminReporting.reports.${value}`) }))}
          value={view.report}
          onChange={chooseReport}
        />
        <div className="flex flex-wrap gap-2">
          <ExportButtons view={view} />
          <Button variant="secondary" onClick={() => setScheduling(true)}>
            <CalendarClock aria-hidden className="size-4" />
            {t('adminReporting.schedule.open')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">{t(`adminReporting.descriptions.${view.report}`)}</p>
      <ReportFiltersBar
        report={view.report}
        filters={view.filters}
        range={range}
        options={options.data}
        onChange={filter}
      />
      <QueryStates
        query={query}
        skeleton={<ReportSkeleton />}
        errorTitle={t('adminReporting.errorTitle')}
        isEmpty={(data) =>
          data.total_rows === 0 && data.series.lines.every((l) => l.values.every((v) => v === 0))
        }
        empty={
          <EmptyState
            icon={FileChartColumn}
            title={t('adminReporting.emptyTitle')}
            description={t('adminReporting.emptyText', {
              from: dayLabel(range.from),
              to: dayLabel(range.to),
            })}
          />
        }
      >
        {(data) => (
          <>
            <ReportSummary data={data} />
            <ReportChart data={data} primaryColor={client.config.primary_color || DEFAULT_PRIMARY_COLOR} />
            <ReportTable
              data={data}
              hasPrevious={view.cursor !== undefined}
              onSort={sort}
              onFirst={() => go({ ...view, cursor: undefined })}
              onPrevious={() => go({ ...view, cursor: history.current.pop() }, true)}
              onNext={(cursor) => {
                history.current.push(view.cursor);
                go({ ...view, cursor }, true);
              }}
            />
          </>
        )}
      </QueryStates>
      {isScheduling && <ScheduleDialog userId={user.id} view={view} onClose={() => setScheduling(false)} />}
    </div>
  );
}
