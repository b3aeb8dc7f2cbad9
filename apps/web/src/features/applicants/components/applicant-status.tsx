import type { Applicant } from '@rally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FocusLayout } from '../../../components/layouts/focus-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { PageLoader } from '../../../components/ui/page-loader';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { formatDate } from '../../../utils/format-date';
import { useApplicant } from '../api/application-calls';
import { AnswerList } from './answer-list';
import { EditAnswersForm } from './edit-answers-form';

/** The applicant's own page (/applicants/{applicant}): where the application stands, and the answers. */
export function ApplicantStatus({ applicantId, isSignedIn }: { applicantId: string; isSignedIn: boolean }) {
  const { t } = useTranslation();
  const query = useApplicant(applicantId, isSignedIn);
  if (!isSignedIn) {
    return (
      <FocusLayout icon={Hourglass} title={t('applicant.title')} description={t('applicant.logInToSee')}>
        <ButtonLink
          to={`/login?to=${encodeURIComponent(`/applicants/${applicantId}`)}`}
          size="lg"
          className="w-full"
        >
          {t('auth.logIn')}
        </ButtonLink>
      </FocusLayout>
    );
  }
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <FocusLayout icon={Hourglass} title={t('applicant.title')}>
        <Alert tone="error">{query.error.message}</Alert>
      </FocusLayout>
    );
  }
  return <ApplicantDetails applicant={query.data.applicant} />;
}

function ApplicantDetails({ applicant }: { applicant: Applicant }) {
  const { t, i18n } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const status = applicant.status;
  return (
    <FocusLayout
      icon={Hourglass}
      title={t('applicant.title')}
      description={t('applicant.intro', { title: applicant.application.title })}
      width="lg"
    >
      <div className="space-y-5">
        <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          <div className="flex justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-slate-600">{t('applicant.status')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="applicant-status">
              {t(`applicants.statuses.${status}`)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-slate-600">{t('applicant.submitted')}</dt>
            <dd className="font-medium text-slate-900">{formatDate(applicant.created_at, i18n.language)}</dd>
          </div>
        </dl>
        {status === 'info_requested' && (
          <Alert tone="warning">
            <p className="font-semibold">{t('applicants.own.infoRequested')}</p>
            <p className="whitespace-pre-wrap">{applicant.review_note}</p>
          </Alert>
        )}
        {status === 'rejected' && (
          <Alert tone="info">
            <p className="font-semibold">{t('applicants.own.rejected')}</p>
            {applicant.review_note && <p className="whitespace-pre-wrap">{applicant.review_note}</p>}
          </Alert>
        )}
        {status === 'approved' ? (
          <div className="space-y-3">
            <Alert tone="success">{t('applicants.own.approved')}</Alert>
            <Button
              size="lg"
              className="w-full"
              onClick={async () => {
                // The account is a member's now: read it again so the onboarding gate takes over.
                await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
                navigate('/');
              }}
            >
              {t('applicants.own.getStarted')}
            </Button>
          </div>
        ) : (
          status !== 'rejected' && <p className="text-sm text-slate-600">{t('applicant.next')}</p>
        )}
        <section aria-labelledby="answers-heading" className="space-y-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="answers-heading" className="text-base font-semibold text-slate-900">
              {t('applicants.own.answers')}
            </h2>
            {applicant.abilities.can_edit && !isEditing && (
              <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
                {t('applicants.own.edit')}
              </Button>
            )}
          </div>
          {isEditing ? (
            <EditAnswersForm applicant={applicant} onDone={() => setIsEditing(false)} />
          ) : (
            <AnswerList questions={applicant.application.questions} answers={applicant.answers} />
          )}
        </section>
      </div>
    </FocusLayout>
  );
}
