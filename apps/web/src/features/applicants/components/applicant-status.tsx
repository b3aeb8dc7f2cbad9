import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FocusLayout } from '../../../components/layouts/focus-layout';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../utils/format-date';
import { useApplicant } from '../api/application-calls';

/** The applicant's own page (/applicants/{applicant}): where the application stands. */
export function ApplicantStatus({ applicantId, isSignedIn }: { applicantId: string; isSignedIn: boolean }) {
  const { t, i18n } = useTranslation();
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
  const { applicant } = query.data;
  return (
    <FocusLayout
      icon={Hourglass}
      title={t('applicant.title')}
      description={t('applicant.intro', { title: applicant.application.title })}
    >
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        <div className="flex justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-slate-600">{t('applicant.status')}</dt>
          <dd className="font-semibold text-slate-900 first-letter:uppercase">
            {t(`applicant.statuses.${applicant.status}`, { defaultValue: applicant.status })}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-4 py-3 text-sm">
          <dt className="text-slate-600">{t('applicant.submitted')}</dt>
          <dd className="font-medium text-slate-900">{formatDate(applicant.created_at, i18n.language)}</dd>
        </div>
      </dl>
      <p className="mt-5 text-sm text-slate-600">{t('applicant.next')}</p>
    </FocusLayout>
  );
}
