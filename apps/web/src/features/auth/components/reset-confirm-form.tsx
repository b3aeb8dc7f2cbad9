import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, PasswordSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { i18n } from '../../../lib/i18n';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { confirmPasswordReset } from '../api/auth-calls';

const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: () => i18n.t('reset.mismatch'),
  });

/** Sets a new password with the emailed token. */
export function ResetConfirmForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: (password: string) => confirmPasswordReset(token, password),
  });
  const { errors } = form.formState;
  if (mutation.isSuccess) {
    return (
      <div className="space-y-5">
        <Alert tone="success">{mutation.data.message}</Alert>
        <ButtonLink to="/login" size="lg" className="w-full">
          {t('auth.logIn')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ password }) => mutation.mutate(password))}
      className="space-y-5"
    >
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Field
        label={t('reset.newPassword')}
        error={errors.password?.message}
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        {(control) => (
          <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
        )}
      </Field>
      <Field label={t('reset.confirmPassword')} error={errors.confirm?.message}>
        {(control) => (
          <Input {...control} {...form.register('confirm')} type="password" autoComplete="new-password" />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('reset.setPassword')}
      </Button>
    </form>
  );
}
