import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FocusLayout } from '../../components/layouts/focus-layout';
import { buttonClasses } from '../../components/ui/button';
import { GuestButton } from '../../features/auth/components/guest-button';
import { LoginForm } from '../../features/auth/components/login-form';
import { useClient } from '../../lib/client';
import { linkClasses, useIsOpen } from './auth-shared';
import { useBrandDescription } from './brand-description';

/** /login: its own chunk, the first page most visitors open, so it carries only what signing in needs. */
export function LoginPage() {
  const { t } = useTranslation();
  const client = useClient();
  const isOpen = useIsOpen();
  return (
    <FocusLayout
      icon={LogIn}
      title={t('login.title', { client: client.name })}
      description={useBrandDescription()}
      footer={
        <>
          <p>
            <Link to="/reset" className={linkClasses}>
              {t('login.forgotPassword')}
            </Link>
          </p>
          {isOpen && (
            <p>
              {t('login.newHere')}{' '}
              <Link to="/create" className={linkClasses}>
                {t('auth.createAccount')}
              </Link>
            </p>
          )}
        </>
      }
    >
      {client.sso && <CompanySignIn name={client.sso.name} />}
      <LoginForm />
      {isOpen && (
        <div className="mt-5">
          <GuestButton />
        </div>
      )}
    </FocusLayout>
  );
}

/**
 * The client's company sign-in (issue 24), above the password form: a whole-page navigation to the server, which
 * sends the browser to the provider and back to where the member was going.
 */
function CompanySignIn({ name }: { name: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const to = params.get('to');
  return (
    <div className="mb-5 space-y-5">
      <a
        href={`/api/sso/start${to ? `?to=${encodeURIComponent(to)}` : ''}`}
        className={buttonClasses('primary', 'lg', 'w-full')}
      >
        {t('login.ssoWith', { name })}
      </a>
      <p className="flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {t('login.or')}
      </p>
    </div>
  );
}
