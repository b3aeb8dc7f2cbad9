import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { resendVerification } from '../api/auth-calls';

/** "Send a new link" (POST /api/verify/resend) for a signed-in user whose email is not verified. */
export function ResendVerification() {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: resendVerification });
  return (
    <div className="space-y-4">
      {mutation.isSuccess && <Alert tone="success">{mutation.data.message}</Alert>}
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={() => mutation.mutate()}
        isLoading={mutation.isPending}
      >
        {t('verify.resend')}
      </Button>
    </div>
  );
}
