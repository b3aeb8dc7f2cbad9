import { Compass, ExternalLink, Share2, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FocusLayout } from '../../components/layouts/focus-layout';
import { ButtonLink, buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ApplicantStatus } from '../../features/applicants/components/applicant-status';
import { ApplicationView } from '../../features/applicants/components/application-view';
import { TeamsSignInPopup } from '../../features/msteams/components/teams-sign-in-popup';
import { TeamsTab } from '../../features/msteams/components/teams-tab';
import { isFramed } from '../../features/msteams/utils/teams-host';
import { useUser } from '../../lib/auth';
import { useClient } from '../../lib/client';

export function ApplyPage() {
  const { application = '' } = useParams();
  return <ApplicationView applicationId={application} />;
}

export function ApplicantPage() {
  const { applicant = '' } = useParams();
  const user = useUser();
  return <ApplicantStatus applicantId={applicant} isSignedIn={user !== null} />;
}

/**
 * /integrations/teams: inside Microsoft Teams (framed by its host) the personal tab, which signs the member in and
 * opens the app; elsewhere the landing page of the Microsoft Teams integration.
 */
export function TeamsIntegrationPage() {
  const [isInTeams] = useState(isFramed);
  return isInTeams ? <TeamsTab /> : <TeamsIntegrationLanding />;
}

/** /integrations/teams/sign-in: the pop-up Teams opens for the tab's sign-in. */
export function TeamsSignInPage() {
  return <TeamsSignInPopup />;
}

function TeamsIntegrationLanding() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  return (
    <FocusLayout
      icon={Unplug}
      title={t('teamsIntegration.title')}
      description={t('teamsIntegration.text', { client: client.name })}
    >
      <ButtonLink to={user ? '/' : '/login'} size="lg" className="w-full">
        {user ? t('access.goHome') : t('auth.logIn')}
      </ButtonLink>
    </FocusLayout>
  );
}

/** /p/{id} inside the app: the server renders shared posts, so open the page from the server. */
export function SharedPostPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <FocusLayout icon={Share2} title={t('sharedPost.title')} description={t('sharedPost.text')}>
      <a href={`/p/${encodeURIComponent(id)}`} className={buttonClasses('primary', 'lg', 'w-full')}>
        <ExternalLink aria-hidden className="size-4" />
        {t('sharedPost.open')}
      </a>
    </FocusLayout>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Compass}
      title={t('notFound.title')}
      description={t('notFound.text')}
      action={<ButtonLink to="/">{t('access.goHome')}</ButtonLink>}
    />
  );
}
