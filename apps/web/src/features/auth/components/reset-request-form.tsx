import { zodResolver } from '@hookform/resolvers/zod';
import { RequestResetRequestSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { requestPasswordReset } from '../api/auth-calls';

/** Asks for a reset link; the server answers the same whether the email is known or not. */
export function ResetRequestForm() {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(RequestResetRequestSchema), defaultValues: { email: '' } });
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: (email: string) => requestPasswordReset(email),
  });
  const { errors } = form.formState;
  if (mutation.isSuccess) return <Alert tone="success">{mutation.data.message}</Alert>;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email }) => mutation.mutate(email))}
      className="space-y-5"
    >
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Field label={t('auth.email')} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('reset.sendLink')}
      </Button>
    </form>
  );
}
