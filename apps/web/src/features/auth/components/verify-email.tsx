import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useStartSession } from '../../../lib/auth';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { verifyEmail } from '../api/auth-calls';
import { ResendVerification } from './resend-verification';

/**
 * A link that can't work: the server refused the token as unknown, used or expired (400 `invalid_token`) or as
 * malformed (400 `invalid_input`, e.g. cut short by a mail client). Decided by status and code, never by the wording.
 */
function isBadLink(error: Error): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.code === 'invalid_token' || error.code === 'invalid_input')
  );
}

/** Posts the emailed token once, stores the session it answers with and offers the way onward. */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const mutation = useMutation({ meta: GUEST_ALLOWED, mutationFn: verifyEmail, onSuccess: startSession });
  const hasPosted = useRef(false);
  const { mutate } = mutation;

  useEffect(() => {
    // A token is single-use: post it once even when React runs effects twice in development.
    if (hasPosted.current) return;
    hasPosted.current = true;
    mutate(token);
  }, [mutate, token]);

  if (mutation.isError && isBadLink(mutation.error)) {
    return (
      <div className="space-y-5">
        <Alert tone="error">
          <p className="font-semibold">{t('verify.invalidLink')}</p>
          <p className="mt-1">{t('verify.invalidLinkHelp')}</p>
        </Alert>
        <ResendVerification />
        <ButtonLink to="/login" variant="ghost" size="lg" className="w-full">
          {t('auth.logIn')}
        </ButtonLink>
      </div>
    );
  }
  if (mutation.isError) {
    return (
      <div className="space-y-5">
        <Alert tone="error">{mutation.error.message}</Alert>
        <ButtonLink to="/login" variant="secondary" size="lg" className="w-full">
          {t('auth.logIn')}
        </ButtonLink>
      </div>
    );
  }
  if (mutation.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success">{t('verify.success')}</Alert>
        <ButtonLink to="/" size="lg" className="w-full">
          {t('verify.continue')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-3 text-slate-600">
      <Spinner className="size-5 text-brand-text" />
      {t('verify.checking')}
    </p>
  );
}
