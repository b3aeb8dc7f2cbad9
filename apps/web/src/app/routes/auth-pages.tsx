import { SSO_ERRORS, SsoDiscoverResponseSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailCheck, ShieldCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FocusLayout } from '../../components/layouts/focus-layout';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { CreateAccountForm } from '../../features/auth/components/create-account-form';
import { ResendVerification } from '../../features/auth/components/resend-verification';
import { ResetConfirmForm } from '../../features/auth/components/reset-confirm-form';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';
import { VerifyEmail } from '../../features/auth/components/verify-email';
import { AcceptInvitationForm } from '../../features/users/components/accept-invitation-form';
import { api } from '../../lib/api-client';
import { useClient } from '../../lib/client';
import { GUEST_ALLOWED } from '../../lib/query-client';
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

/**
 * /sso (issue 24): the client's company sign-in. "Sign in with {name}" goes to the server, which sends the browser to
 * the provider and, once back, signs the member in and opens where they were going (`?to=`); a sign-in that did not
 * finish comes back here with `?error=` and says why. Without single sign-on the page says so and offers the login.
 */
export function SsoPage() {
  const { t } = useTranslation();
  const client = useClient();
  const [params] = useSearchParams();
  const error = params.get('error');
  const known = error && (SSO_ERRORS as readonly string[]).includes(error) ? error : error ? 'failed' : null;
  const to = params.get('to') ?? '';
  if (!client.sso) {
    // The app's own address (or a client without it): a work email finds the company's sign-in.
    return (
      <FocusLayout
        icon={ShieldCheck}
        title={t('sso.title')}
        description={t('sso.findText')}
        footer={
          <p>
            <Link to="/login" className={linkClasses}>
              {t('sso.useEmail')}
            </Link>
          </p>
        }
      >
        <SsoDiscoverForm to={to} />
      </FocusLayout>
    );
  }
  const start = `/api/sso/start${to ? `?to=${encodeURIComponent(to)}` : ''}`;
  const name = client.sso.name;
  return (
    <FocusLayout
      icon={ShieldCheck}
      title={t('sso.signInTitle', { client: client.name })}
      description={t('sso.signInText', { name })}
      footer={
        <p>
          <Link to={to ? `/login?to=${encodeURIComponent(to)}` : '/login'} className={linkClasses}>
            {t('sso.usePassword')}
          </Link>
        </p>
      }
    >
      <div className="space-y-5">
        {known && <Alert tone="error">{t(`sso.errors.${known}`, { client: client.name })}</Alert>}
        {/* A whole-page navigation: the server answers with a redirect to the company's sign-in. */}
        <a href={start} className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('sso.signInWith', { name })}
        </a>
      </div>
    </FocusLayout>
  );
}

/** A work email → the company sign-in it belongs to (POST /api/sso/discover), on that client's own domain. */
function SsoDiscoverForm({ to }: { to: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const discover = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: () =>
      api.post('/api/sso/discover', { email, ...(to ? { to } : {}) }, { schema: SsoDiscoverResponseSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    discover.mutate();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {discover.isError && <Alert tone="error">{discover.error.message}</Alert>}
      <Field label={t('sso.workEmail')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={discover.isPending || discover.isSuccess}>
        {t('sso.continue')}
      </Button>
    </form>
  );
}
