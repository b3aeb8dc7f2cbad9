import type { ApplicantDecision } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PageLoader } from '../../../components/ui/page-loader';
import { useUser } from '../../../lib/auth';
import { formatDate } from '../../../utils/format-date';
import { useDecideApplicant } from '../api/admin-applicants';
import { useApplicant } from '../api/application-calls';
import { AnswerList } from './answer-list';

/** One application in full for a reviewer: answers and files, then approve, reject or ask for more. */
export function ApplicantReview({ applicantId, onClose }: { applicantId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const query = useApplicant(applicantId);
  const decide = useDecideApplicant(user?.id ?? '');
  // The decision being written (reject and request_info need a message) or confirmed (approve).
  const [pending, setPending] = useState<ApplicantDecision | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const applicant = query.data?.applicant;

  function send(decision: ApplicantDecision) {
    if (decision !== 'approve' && message.trim() === '') {
      setError(t('applicants.review.messageRequired'));
      return;
    }
    decide.mutate(
      { id: applicantId, body: { decision, message: message.trim() || undefined } },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      closeLabel={t('applicants.common.close')}
      size="lg"
      title={applicant?.person.display_name ?? t('applicants.review.title')}
      description={applicant ? `${applicant.person.email ?? ''} · ${applicant.application.title}` : undefined}
      footer={
        applicant?.abilities.can_decide && pending === null ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setPending('request_info')}>
              {t('applicants.review.requestInfo')}
            </Button>
            <Button variant="danger" onClick={() => setPending('reject')}>
              {t('applicants.review.reject')}
            </Button>
            <Button onClick={() => setPending('approve')}>{t('applicants.review.approve')}</Button>
          </div>
        ) : undefined
      }
    >
      {query.isPending && <PageLoader />}
      {query.isError && <Alert tone="error">{query.error.message}</Alert>}
      {applicant && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {t(`applicants.statuses.${applicant.status}`)} · {formatDate(applicant.created_at, i18n.language)}
            {!applicant.person.email_verified && ` · ${t('applicants.review.unverified')}`}
          </p>
          {applicant.review_note && <Alert tone="info">{applicant.review_note}</Alert>}
          <AnswerList questions={applicant.application.questions} answers={applicant.answers} />
          {(pending === 'reject' || pending === 'request_info') && (
            <div className="space-y-3 rounded-xl border border-slate-200 p-4">
              {decide.isError && <Alert tone="error">{decide.error.message}</Alert>}
              <Field
                label={
                  pending === 'reject' ? t('applicants.review.reason') : t('applicants.review.infoMessage')
                }
                error={error}
              >
                {(control) => (
                  <Textarea {...control} value={message} onChange={(e) => setMessage(e.target.value)} />
                )}
              </Field>
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setPending(null)}>
                  {t('applicants.common.cancel')}
                </Button>
                <Button
                  variant={pending === 'reject' ? 'danger' : 'primary'}
                  isLoading={decide.isPending}
                  onClick={() => send(pending)}
                >
                  {pending === 'reject'
                    ? t('applicants.review.sendReject')
                    : t('applicants.review.sendRequest')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        isOpen={pending === 'approve'}
        title={t('applicants.review.approveTitle')}
        description={t('applicants.review.approveText', { name: applicant?.person.display_name ?? '' })}
        confirmLabel={t('applicants.review.approve')}
        cancelLabel={t('applicants.common.cancel')}
        tone="primary"
        isPending={decide.isPending}
        error={decide.isError ? <Alert tone="error">{decide.error.message}</Alert> : undefined}
        onConfirm={() => send('approve')}
        onClose={() => setPending(null)}
      />
    </Modal>
  );
}
