import { LogIn, Unplug } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FocusLayout } from '../../../components/layouts/focus-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useSession, useStartSession } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { redeemHandoff } from '../api/handoff';
import { extraHostOrigins, loadTeamsSdk, signInErrorKey, signInPopupUrl } from '../utils/teams-host';

type TeamsSdk = Awaited<ReturnType<typeof loadTeamsSdk>>;

/** How long the tab waits for a Teams host to answer before saying it is not in Teams. */
const HOST_TIMEOUT_MS = 15_000;

/** Starts teams-js with the host; rejects when no Teams host answers in time. */
async function startTeams(): Promise<TeamsSdk> {
  const sdk = await loadTeamsSdk();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('NoHost')), HOST_TIMEOUT_MS);
  });
  try {
    await Promise.race([sdk.app.initialize(extraHostOrigins()), timeout]);
  } finally {
    clearTimeout(timer);
  }
  // The tab has loaded: Teams stops showing its own loading screen.
  sdk.app.notifySuccess();
  return sdk;
}

/**
 * /integrations/teams inside Microsoft Teams (issue 24): starts teams-js, then opens the app for a signed-in member;
 * otherwise asks them to sign in through Teams' pop-up (the normal sign-in, SSO included), whose one-time code
 * becomes this tab's own session: the tab cannot read the pop-up's.
 */
export function TeamsTab() {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { user, isLoading } = useSession();
  const [sdk, setSdk] = useState<TeamsSdk | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const isMember = user !== null && !user.is_ghost;

  useEffect(() => {
    let isCancelled = false;
    startTeams().then(
      (started) => !isCancelled && setSdk(started),
      () => !isCancelled && setError(t('teamsIntegration.errors.noHost')),
    );
    return () => {
      isCancelled = true;
    };
  }, [t]);

  useEffect(() => {
    if (sdk && isMember) void navigate('/', { replace: true });
  }, [sdk, isMember, navigate]);

  async function handleSignIn() {
    if (!sdk) return;
    setError(null);
    setIsSigningIn(true);
    try {
      const code = await sdk.authentication.authenticate({ url: signInPopupUrl(), width: 600, height: 640 });
      // The member becomes the session's user, and the effect above opens the app.
      startSession(await redeemHandoff(code));
    } catch (failure) {
      const key = signInErrorKey(failure);
      setError(
        key ? t(key) : failure instanceof ApiError ? failure.message : t('teamsIntegration.errors.failed'),
      );
      setIsSigningIn(false);
    }
  }

  if (!error && (!sdk || isLoading || isMember)) return <PageLoader />;
  return (
    <FocusLayout
      icon={sdk ? LogIn : Unplug}
      title={t('teamsIntegration.signInTitle', { client: client.name })}
      description={t('teamsIntegration.signInText', { client: client.name })}
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      {sdk && (
        <Button size="lg" className="w-full" isLoading={isSigningIn} onClick={() => void handleSignIn()}>
          {t('teamsIntegration.signIn', { client: client.name })}
        </Button>
      )}
    </FocusLayout>
  );
}
