import type { LoginResponse } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useStartSession } from '../../../lib/auth';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { getSafeReturnPath } from '../../../utils/return-path';
import { startGuest } from '../api/login';

/**
 * "Browse as a guest" on /login (feature open): a ghost session, then on to the `to` return path. The gates let
 * guests stay on /login (to log in for real), so this leaves the page itself.
 */
export function GuestButton() {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: startGuest,
    onSuccess: (answer: LoginResponse) => {
      startSession(answer);
      void navigate(getSafeReturnPath(params.get('to')), { replace: true });
    },
  });
  return (
    <div className="space-y-3">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        isLoading={mutation.isPending || mutation.isSuccess}
        onClick={() => mutation.mutate()}
      >
        {t('login.browseAsGuest')}
      </Button>
    </div>
  );
}
