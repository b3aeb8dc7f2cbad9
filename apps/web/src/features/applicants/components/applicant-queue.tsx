import { APPLICANT_STATUSES, type ApplicantQueueQuery, type ApplicantStatus } from '@rally/shared';
import { Download, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import { downloadFile } from '../../../lib/download';
import { showToast } from '../../../lib/toast';
import { formatDate } from '../../../utils/format-date';
import {
  exportUrl,
  useAdminApplications,
  useApplicantQueue,
  useDecideApplicants,
} from '../api/admin-applicants';
import { ApplicantReview } from './applicant-review';

const selectClasses = 'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';
export const STATUS_TONES: Record<ApplicantStatus, BadgeTone> = {
  pending: 'warning',
  info_requested: 'info',
  approved: 'success',
  rejected: 'neutral',
};

/** The review queue: filters, search, selection for bulk decisions, CSV export, and each applicant's review. */
export function ApplicantQueue() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const userId = user?.id ?? '';
  const [filters, setFilters] = useState<ApplicantQueueQuery>({ status: 'pending' });
  const [search, setSearch] = useState('');
  const forms = useAdminApplications(userId);
  const query = useApplicantQueue(userId, { ...filters, q: search.trim() || undefined });
  const bulk = useDecideApplicants(userId);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkDecision, setBulkDecision] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [isRejecting, setIsRejecting] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [open, setOpen] = useState<string | null>(null);
  const rows = query.data?.pages.flatMap((page) => page.applicants) ?? [];
  const setFilter = (patch: Partial<ApplicantQueueQuery>) => {
    setSelected([]);
    setFilters((f) => ({ ...f, ...patch }));
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <Field label={t('applicants.queue.search')} className="lg:col-span-2">
          {(control) => (
            <Input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          )}
        </Field>
        <Field label={t('applicants.queue.form')}>
          {(control) => (
            <select
              {...control}
              className={selectClasses}
              value={filters.application ?? ''}
              onChange={(e) => setFilter({ application: e.target.value || undefined })}
            >
              <option value="">{t('applicants.queue.allForms')}</option>
              {forms.data?.applications.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('applicants.queue.status')}>
          {(control) => (
            <select
              {...control}
              className={selectClasses}
              value={filters.status ?? ''}
              onChange={(e) =>
                setFilter({ status: (e.target.value || undefined) as ApplicantStatus | undefined })
              }
            >
              <option value="">{t('applicants.queue.allStatuses')}</option>
              {APPLICANT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`applicants.statuses.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* Two columns wide on desktop: a date field shows its whole date (a fifth of the row cut it to "mm/("). */}
        <div className="grid grid-cols-2 gap-2 lg:col-span-2">
          <Field label={t('applicants.queue.from')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={filters.from ?? ''}
                onChange={(e) => setFilter({ from: e.target.value || undefined })}
              />
            )}
          </Field>
          <Field label={t('applicants.queue.to')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={filters.to ?? ''}
                onChange={(e) => setFilter({ to: e.target.value || undefined })}
              />
            )}
          </Field>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={selected.length === 0}
          onClick={() => setBulkDecision('approve')}
        >
          {t('applicants.queue.approveSelected', { count: selected.length })}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={selected.length === 0}
          onClick={() => setIsRejecting(true)}
        >
          {t('applicants.queue.rejectSelected', { count: selected.length })}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={() =>
            downloadFile(exportUrl({ ...filters, q: search.trim() || undefined }), 'applicants.csv')
          }
        >
          <Download aria-hidden className="size-4" />
          {t('applicants.queue.export')}
        </Button>
      </div>
      {isRejecting && selected.length > 0 && (
        <div className="space-y-3 rounded-xl border border-slate-200 p-4">
          <Field label={t('applicants.review.reason')} error={reasonError}>
            {(control) => (
              <Textarea {...control} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setIsRejecting(false)}>
              {t('applicants.common.cancel')}
            </Button>
            <Button
              variant="danger"
              size="sm"
              onClick={() => {
                if (reason.trim() === '') return setReasonError(t('applicants.review.messageRequired'));
                setReasonError(undefined);
                setBulkDecision('reject');
              }}
            >
              {t('applicants.queue.rejectSelected', { count: selected.length })}
            </Button>
          </div>
        </div>
      )}
      {query.isPending && <Skeleton className="h-40 w-full" />}
      {query.isError && <Alert tone="error">{query.error.message}</Alert>}
      {query.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={UserCheck}
          title={t('applicants.queue.emptyTitle')}
          description={t('applicants.queue.emptyText')}
          headingLevel="h2"
        />
      )}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {rows.map((row) => (
            <li key={row.id} className="flex items-center gap-3 px-4 py-3">
              <input
                type="checkbox"
                aria-label={t('applicants.queue.select', { name: row.person.display_name })}
                checked={selected.includes(row.id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, row.id] : s.filter((id) => id !== row.id)))
                }
                className="size-4 accent-(--color-primary-text)"
              />
              <button type="button" onClick={() => setOpen(row.id)} className="min-w-0 flex-1 text-left">
                <span className="block truncate font-medium text-slate-900">{row.person.display_name}</span>
                <span className="block truncate text-sm text-slate-600">
                  {row.person.email} · {row.application.title} · {formatDate(row.created_at, i18n.language)}
                </span>
              </button>
              <Badge tone={STATUS_TONES[row.status]}>{t(`applicants.statuses.${row.status}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="w-full"
          isLoading={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {t('applicants.queue.more')}
        </Button>
      )}
      {open && <ApplicantReview applicantId={open} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        isOpen={bulkDecision !== null}
        title={
          bulkDecision === 'approve'
            ? t('applicants.queue.bulkApproveTitle', { count: selected.length })
            : t('applicants.queue.bulkRejectTitle', { count: selected.length })
        }
        description={
          bulkDecision === 'reject'
            ? t('applicants.queue.bulkRejectText', { reason: reason.trim() })
            : t('applicants.queue.bulkApproveText')
        }
        confirmLabel={
          bulkDecision === 'approve' ? t('applicants.review.approve') : t('applicants.review.reject')
        }
        cancelLabel={t('applicants.common.cancel')}
        tone={bulkDecision === 'approve' ? 'primary' : 'danger'}
        isPending={bulk.isPending}
        error={bulk.isError ? <Alert tone="error">{bulk.error.message}</Alert> : undefined}
        onClose={() => setBulkDecision(null)}
        onConfirm={() =>
          bulkDecision &&
          bulk.mutate(
            { ids: selected, decision: bulkDecision, message: reason.trim() || undefined },
            {
              onSuccess: (res) => {
                showToast(t('applicants.queue.bulkDone', { decided: res.decided, skipped: res.skipped }), {
                  tone: 'success',
                });
                setSelected([]);
                setReason('');
                setIsRejecting(false);
                setBulkDecision(null);
              },
            },
          )
        }
      />
    </div>
  );
}
