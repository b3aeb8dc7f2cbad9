import type { ReportResponse } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { figureLabel, formatCell } from '../utils/report-format';

/** The range's headline figures: each chart line's total, the members in scope and their active time. */
export function ReportSummary({ data }: { data: ReportResponse }) {
  const { t } = useTranslation();
  const entries = Object.entries(data.summary).filter(([key]) => key !== 'active_members');
  return (
    <section aria-label={t('adminReporting.summary.label')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {entries.map(([key, value]) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-xs font-medium text-slate-600">{figureLabel('summary', key)}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">
              {formatCell(key === 'active_seconds' ? 'duration' : 'count', value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
