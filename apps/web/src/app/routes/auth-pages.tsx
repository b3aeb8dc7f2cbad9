import { KeyRound, MailCheck, ShieldCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FocusLayout } from '../../components/layouts/focus-layout';
import { ButtonLink } from '../../components/ui/button';
import { CreateAccountForm } from '../../features/auth/components/create-account-form';
import { ResendVerification } from '../../features/auth/components/resend-verification';
import { ResetConfirmForm } from '../../features/auth/components/reset-confirm-form';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';
import { VerifyEmail } from '../../features/auth/components/verify-email';
import { AcceptInvitationForm } from '../../features/users/components/accept-invitation-form';
import { useClient } from '../../lib/client';
import { linkClasses, useIsOpen } from './auth-shared';

export function CreateAccountPage() {
  const { t } = useTranslation();
  const client = useClient();
  if (!useIsOpen()) {
    return (
      <FocusLayout
        icon={UserPlus}
        title={t('create.unavailableTitle')}
        description={t('create.unavailableText', { client: client.name })}
      >
        <ButtonLink to="/login" size="lg" className="w-full">
          {t('auth.logIn')}
        </ButtonLink>
      </FocusLayout>
    );
  }
  return (
    <FocusLayout
      icon={UserPlus}
      title={t('create.title', { client: client.name })}
      description={t('create.description')}
      footer={
        <p>
          {t('create.haveAccount')}{' '}
          <Link to="/login" className={linkClasses}>
            {t('auth.logIn')}
          </Link>
        </p>
      }
    >
      <CreateAccountForm />
    </FocusLayout>
  );
}

export function ResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const invite = params.get('invite');
  // An emailed invitation (/reset?invite=…) sets the invited person's first password and signs them in.
  if (invite) {
    return (
      <FocusLayout icon={KeyRound} title={t('invitation.title')} description={t('invitation.text')}>
        <AcceptInvitationForm token={invite} />
      </FocusLayout>
    );
  }
  return (
    <FocusLayout
      icon={KeyRound}
      title={token ? t('reset.setTitle') : t('reset.requestTitle')}
      description={token ? t('reset.setText') : t('reset.requestText')}
      footer={
        <p>
          <Link to="/login" className={linkClasses}>
            {t('reset.backToLogin')}
          </Link>
        </p>
      }
    >
      {token ? <ResetConfirmForm token={token} /> : <ResetRequestForm />}
    </FocusLayout>
  );
}

export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <FocusLayout
      icon={MailCheck}
      title={t('verify.title')}
      description={token ? undefined : t('verify.noToken')}
    >
      {token ? <VerifyEmail token={token} /> : <ResendVerification />}
    </FocusLayout>
  );
}

export function SsoPage() {
  const { t } = useTranslation();
  const client = useClient();
  return (
    <FocusLayout
      icon={ShieldCheck}
      title={t('sso.title')}
      description={t('sso.text', { client: client.name })}
    >
      <ButtonLink to="/login" size="lg" className="w-full">
        {t('sso.useEmail')}
      </ButtonLink>
    </FocusLayout>
  );
}
