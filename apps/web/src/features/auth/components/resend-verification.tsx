import { zodResolver } from '@hookform/resolvers/zod';
import { RequestResetRequestSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useUser } from '../../../lib/auth';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { resendVerification } from '../api/auth-calls';

/** "Send a new link" (POST /api/verify/resend) for the email entered, prefilled with the signed-in user's. */
export function ResendVerification() {
  const { t } = useTranslation();
  const user = useUser();
  const form = useForm({
    resolver: zodResolver(RequestResetRequestSchema),
    defaultValues: { email: user?.email ?? '' },
  });
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: (body: { email: string }) => resendVerification(body.email),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="space-y-4">
      {mutation.isSuccess && <Alert tone="success">{mutation.data.message}</Alert>}
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Field label={t('auth.email')} error={form.formState.errors.email?.message}>
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
      </Field>
      <Button type="submit" variant="secondary" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('verify.resend')}
      </Button>
    </form>
  );
}
