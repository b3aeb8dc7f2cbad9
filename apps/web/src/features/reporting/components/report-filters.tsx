import {
  ACTIVITY_TYPES,
  REPORT_FILTERS,
  type ReportFilters,
  type ReportName,
  SOCIAL_CHANNELS,
} from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { ReportOptions } from '../api/get-report-options';

interface ReportFiltersBarProps {
  report: ReportName;
  filters: ReportFilters;
  /** The range shown when no dates are chosen (the server's default). */
  range: { from: string; to: string };
  options: ReportOptions | undefined;
  onChange: (filters: ReportFilters) => void;
}

const selectClasses =
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base shadow-xs focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25';

/** The filter bar: date range, then the filters the report takes (project, team, activity type, network). */
export function ReportFiltersBar({ report, filters, range, options, onChange }: ReportFiltersBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const takes = (name: string) => (REPORT_FILTERS[report] as readonly string[]).includes(name);
  const set = (key: keyof ReportFilters, value: string) =>
    onChange({ ...filters, [key]: value || undefined });
  const from = filters.from ?? range.from;
  const to = filters.to ?? range.to;
  const select = (key: keyof ReportFilters, label: string, choices: { id: string; label: string }[]) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className={selectClasses}
        value={(filters[key] as string | undefined) ?? ''}
        onChange={(e) => set(key, e.target.value)}
      >
        <option value="">{t('adminReporting.filters.any')}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
  const hasFilters = Object.values(filters).some(Boolean);
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="sr-only">{t('adminReporting.filters.label')}</legend>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-6">
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className="space-y-1.5">
            <label htmlFor={`${id}-${key}`} className="block text-sm font-medium text-slate-700">
              {t(`adminReporting.filters.${key}`)}
            </label>
            <Input
              id={`${id}-${key}`}
              type="date"
              value={key === 'from' ? from : to}
              max={key === 'from' ? to : undefined}
              min={key === 'to' ? from : undefined}
              onChange={(e) => set(key, e.target.value)}
            />
          </div>
        ))}
        {takes('project_id') &&
          select('project_id', t('adminReporting.filters.project'), options?.projects ?? [])}
        {takes('team_id') && select('team_id', t('adminReporting.filters.team'), options?.teams ?? [])}
        {takes('activity_type') &&
          select(
            'activity_type',
            t('adminReporting.filters.activityType'),
            ACTIVITY_TYPES.map((type) => ({
              id: type,
              label: t(`activityTypes.${type}`, { defaultValue: type }),
            })),
          )}
        {takes('network') &&
          select(
            'network',
            t('adminReporting.filters.network'),
            SOCIAL_CHANNELS.map((c) => ({ id: c, label: t(`channels.${c}`, { defaultValue: c }) })),
          )}
      </div>
      {hasFilters && (
        <Button variant="ghost" size="sm" className="mt-3" onClick={() => onChange({})}>
          {t('adminReporting.filters.reset')}
        </Button>
      )}
    </fieldset>
  );
}
