import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateAccountRequest, CreateAccountRequestSchema, PASSWORD_MIN_LENGTH } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ME_QUERY_KEY, useUser } from '../../../lib/auth';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { clearToken } from '../../../lib/storage';
import { createAccount } from '../api/auth-calls';

/**
 * POST /api/accounts, then on to /status/check-email. From a guest session the server turns the guest into the
 * account (keeping their history) and ends the session: the app forgets it too, and the account signs in on verify.
 */
export function CreateAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isGuest = useUser()?.is_ghost === true;
  const form = useForm({
    resolver: zodResolver(CreateAccountRequestSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '' },
  });
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: (body: CreateAccountRequest) => createAccount(body),
    onSuccess: () => {
      if (isGuest) {
        clearToken();
        queryClient.clear();
        queryClient.setQueryData(ME_QUERY_KEY, null);
      }
      return navigate('/status/check-email');
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="space-y-5">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('profile.firstName')} error={errors.first_name?.message}>
          {(control) => <Input {...control} {...form.register('first_name')} autoComplete="given-name" />}
        </Field>
        <Field label={t('profile.lastName')} error={errors.last_name?.message}>
          {(control) => <Input {...control} {...form.register('last_name')} autoComplete="family-name" />}
        </Field>
      </div>
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
      <Field
        label={t('auth.password')}
        error={errors.password?.message}
        hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        {(control) => (
          <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('auth.createAccount')}
      </Button>
    </form>
  );
}
