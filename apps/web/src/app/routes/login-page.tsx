import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FocusLayout } from '../../components/layouts/focus-layout';
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
      <LoginForm />
      {isOpen && (
        <div className="mt-5">
          <GuestButton />
        </div>
      )}
    </FocusLayout>
  );
}
