import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, LoginRequestSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useStartSession } from '../../../lib/auth';
import { login } from '../api/auth-calls';

/** Email and password sign-in; the server's message is shown on failure. The gate then leaves /login. */
export function LoginForm() {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const form = useForm({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({ mutationFn: (body: LoginRequest) => login(body), onSuccess: startSession });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="space-y-5">
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
      <Field label={t('auth.password')} error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending || mutation.isSuccess}>
        {t('auth.logIn')}
      </Button>
    </form>
  );
}
