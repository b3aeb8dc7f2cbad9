import { REPORT_FREQUENCIES, type ReportFrequency, type ReportSubscription } from '@rally/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { RadioCards } from '../../../components/ui/radio-cards';
import { showToast } from '../../../lib/toast';
import {
  useReportSubscriptions,
  useSubscribeToReport,
  useUnsubscribeFromReport,
} from '../api/report-subscriptions';
import type { ReportView } from '../utils/report-params';

const dateText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * Scheduled reports: subscribe to a weekly or monthly email of the report with the page's filters (dates
 * follow the period), and the admin's list of scheduled reports with unsubscribe (confirmed first).
 */
export function ScheduleDialog({
  userId,
  view,
  onClose,
}: {
  userId: string;
  view: ReportView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [frequency, setFrequency] = useState<ReportFrequency>('weekly');
  const [leaving, setLeaving] = useState<ReportSubscription | null>(null);
  const list = useReportSubscriptions(userId);
  const subscribe = useSubscribeToReport(userId);
  const unsubscribe = useUnsubscribeFromReport(userId);
  const reportName = (s: { report: ReportView['report'] }) => t(`adminReporting.reports.${s.report}`);
  const nameOf = (s: ReportSubscription) =>
    t('adminReporting.schedule.item', {
      report: reportName(s),
      frequency: t(`adminReporting.schedule.frequencies.${s.frequency}`),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { from: _f, to: _t, ...filters } = view.filters;
    subscribe.mutate(
      { report: view.report, body: { ...filters, frequency } },
      {
        onSuccess: (s) =>
          showToast(t('adminReporting.schedule.subscribed', { date: dateText(s.next_run_at) }), {
            tone: 'success',
          }),
      },
    );
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('adminReporting.schedule.title')}
      description={t('adminReporting.schedule.text', { report: reportName(view) })}
      closeLabel={t('adminReporting.schedule.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminReporting.schedule.close')}
          </Button>
          <Button type="submit" form="report-schedule-form" isLoading={subscribe.isPending}>
            {t('adminReporting.schedule.subscribe')}
          </Button>
        </>
      }
    >
      <form id="report-schedule-form" onSubmit={submit} className="space-y-4">
        <RadioCards
          label={t('adminReporting.schedule.frequency')}
          options={REPORT_FREQUENCIES.map((value) => ({
            value,
            label: t(`adminReporting.schedule.${value}`),
          }))}
          value={frequency}
          onChange={setFrequency}
        />
        {subscribe.isError && <Alert tone="error">{subscribe.error.message}</Alert>}
      </form>
      <section className="mt-6 space-y-2" aria-labelledby="report-schedule-list">
        <h3 id="report-schedule-list" className="text-sm font-semibold text-slate-900">
          {t('adminReporting.schedule.listTitle')}
        </h3>
        {list.isError && <Alert tone="error">{list.error.message}</Alert>}
        {list.data?.length === 0 && (
          <p className="text-sm text-slate-600">{t('adminReporting.schedule.none')}</p>
        )}
        <ul className="divide-y divide-slate-100">
          {list.data?.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{nameOf(s)}</p>
                <p className="text-xs text-slate-600">
                  {t('adminReporting.schedule.next', { date: dateText(s.next_run_at) })}
                  {' · '}
                  {Object.values(s.filters).some(Boolean)
                    ? Object.entries(s.filters)
                        .filter(([, v]) => v)
                        .map(([k]) =>
                          t(
                            `adminReporting.filters.${k === 'project_id' ? 'project' : k === 'team_id' ? 'team' : k === 'activity_type' ? 'activityType' : 'network'}`,
                          ),
                        )
                        .join(', ')
                    : t('adminReporting.schedule.filtersNone')}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('adminReporting.schedule.unsubscribeLabel', { name: nameOf(s) })}
                onClick={() => setLeaving(s)}
              >
                <Trash2 aria-hidden className="size-4" />
                {t('adminReporting.schedule.unsubscribe')}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        isOpen={leaving !== null}
        title={t('adminReporting.schedule.confirmTitle')}
        description={leaving ? t('adminReporting.schedule.confirmText', { name: nameOf(leaving) }) : ''}
        confirmLabel={t('adminReporting.schedule.unsubscribe')}
        cancelLabel={t('adminReporting.schedule.cancel')}
        tone="danger"
        isPending={unsubscribe.isPending}
        error={unsubscribe.isError ? unsubscribe.error.message : undefined}
        onClose={() => setLeaving(null)}
        onConfirm={() =>
          leaving &&
          unsubscribe.mutate(leaving.id, {
            onSuccess: () => {
              setLeaving(null);
              showToast(t('adminReporting.schedule.unsubscribed'), { tone: 'success' });
            },
          })
        }
      />
    </Modal>
  );
}
