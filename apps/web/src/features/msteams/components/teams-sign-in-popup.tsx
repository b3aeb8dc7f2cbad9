import { Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FocusLayout } from '../../../components/layouts/focus-layout';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { createHandoff } from '../api/handoff';
import { extraHostOrigins, hasOpener, isFramed, loadTeamsSdk } from '../utils/teams-host';

export const TEAMS_SIGN_IN_PATH = '/integrations/teams/sign-in';

/**
 * /integrations/teams/sign-in, the pop-up Teams opens for the tab's sign-in (issue 24): a member without a session
 * signs in the normal way (/login, SSO included) and comes back here; then the pop-up hands Teams a one-time code
 * for the tab, and Teams closes it. A failure goes back to the tab as its reason.
 */
export function TeamsSignInPopup() {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const [error, setError] = useState<string | null>(null);
  // Opened by Teams: a window without an opener (or a frame) has no Teams to report to.
  const [isFromTeams] = useState(() => hasOpener() || isFramed());
  const isMember = user !== null && !user.is_ghost;

  useEffect(() => {
    if (!isFromTeams || isLoading) return;
    if (!isMember) {
      void navigate(`/login?to=${encodeURIComponent(TEAMS_SIGN_IN_PATH)}`, { replace: true });
      return;
    }
    let isCancelled = false;
    void (async () => {
      const sdk = await loadTeamsSdk();
      await sdk.app.initialize(extraHostOrigins());
      try {
        const code = await createHandoff();
        if (!isCancelled) sdk.authentication.notifySuccess(code);
      } catch (failure) {
        const reason = failure instanceof ApiError ? failure.message : t('teamsIntegration.errors.failed');
        if (isCancelled) return;
        setError(reason);
        sdk.authentication.notifyFailure(reason);
      }
    })().catch(() => !isCancelled && setError(t('teamsIntegration.errors.failed')));
    return () => {
      isCancelled = true;
    };
  }, [isFromTeams, isLoading, isMember, navigate, t]);

  if (!isFromTeams)
    return (
      <FocusLayout
        icon={Unplug}
        title={t('teamsIntegration.title')}
        description={t('teamsIntegration.popupOutside', { client: client.name })}
      >
        <ButtonLink to="/" size="lg" className="w-full">
          {t('access.goHome')}
        </ButtonLink>
      </FocusLayout>
    );
  return (
    <FocusLayout icon={Unplug} title={t('teamsIntegration.title')}>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : (
        <div className="flex items-center gap-3 text-slate-600">
          <Spinner className="size-5 text-brand-text" />
          {t('teamsIntegration.popupText', { client: client.name })}
        </div>
      )}
    </FocusLayout>
  );
}
