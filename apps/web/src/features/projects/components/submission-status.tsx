import { Hourglass, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityDetail } from '../api/get-activity';
import { DoneBanner } from './done-banner';
import { ResponseSummary } from './response-summary';

/** A Brand Content submission: approved (done), waiting for review, or rejected with the reason. */
export function SubmissionStatus({ activity, points }: { activity: ActivityDetail; points: number }) {
  const { t } = useTranslation();
  const participation = activity.participation;
  const summary = <ResponseSummary data={participation?.data ?? {}} title={t('submission.yourSubmission')} />;
  if (activity.status === 'completed') return <DoneBanner points={points}>{summary}</DoneBanner>;
  if (activity.status === 'rejected') {
    return (
      <section className="space-y-2 rounded-2xl border border-red-200 bg-red-50 p-5">
        <h3 className="flex items-center gap-2 text-base font-bold text-red-900">
          <XCircle aria-hidden className="size-5" />
          {t('submission.rejectedTitle')}
        </h3>
        {participation?.reject_reason && (
          <p className="text-sm text-red-900">
            {t('submission.reason', { reason: participation.reject_reason })}
          </p>
        )}
        <p className="text-sm text-red-800">{t('submission.resubmitHint')}</p>
      </section>
    );
  }
  return (
    <section role="status" className="space-y-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-400 text-white">
          <Hourglass aria-hidden className="size-5" />
        </span>
        <div>
          <h3 className="text-lg font-bold text-amber-900">{t('submission.waitingTitle')}</h3>
          <p className="text-sm text-amber-800">{t('submission.waitingText')}</p>
        </div>
      </div>
      {summary}
    </section>
  );
}
