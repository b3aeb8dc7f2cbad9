import { isPausedFor } from '@rally/shared';
import { CirclePause, CircleQuestionMark, Mail, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FocusLayout } from '../../components/layouts/focus-layout';
import { Button, ButtonLink } from '../../components/ui/button';
import { ResendVerification } from '../../features/auth/components/resend-verification';
import { useLogout, useUser } from '../../lib/auth';
import { useClient } from '../../lib/client';

function SignOutAndHelp() {
  const { t } = useTranslation();
  const logout = useLogout();
  const user = useUser();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {user && (
        <Button size="lg" className="flex-1" onClick={() => void logout()}>
          {t('menu.signOut')}
        </Button>
      )}
      <ButtonLink to="/help" variant="secondary" size="lg" className="flex-1">
        <CircleQuestionMark aria-hidden className="size-4" />
        {t('menu.help')}
      </ButtonLink>
    </div>
  );
}

/** /status/paused: the organisation has paused the app for this user (SPEC 4). */
export function PausedPage() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  if (user && !isPausedFor(user, client)) return <Navigate to="/" replace />;
  return (
    <FocusLayout
      icon={CirclePause}
      title={t('status.pausedTitle')}
      description={t('status.pausedText', { client: client.name })}
    >
      <SignOutAndHelp />
    </FocusLayout>
  );
}

/** /status/not-active: the account is not (or no longer) active. */
export function NotActivePage() {
  const { t } = useTranslation();
  const client = useClient();
  return (
    <FocusLayout
      icon={UserX}
      title={t('status.notActiveTitle')}
      description={t('status.notActiveText', { client: client.name })}
    >
      <SignOutAndHelp />
    </FocusLayout>
  );
}

/** /status/check-email: after creating an account, or when the email still needs verifying. */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const user = useUser();
  const needsResend = Boolean(user && !user.email_verified_at);
  return (
    <FocusLayout icon={Mail} title={t('status.checkEmailTitle')} description={t('status.checkEmailText')}>
      {needsResend ? (
        <ResendVerification />
      ) : (
        <ButtonLink to="/login" size="lg" className="w-full">
          {t('auth.logIn')}
        </ButtonLink>
      )}
    </FocusLayout>
  );
}
