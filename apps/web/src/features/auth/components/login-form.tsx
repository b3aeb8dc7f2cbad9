import { emailError, type LoginRequest, PASSWORD_MAX_LENGTH } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useStartSession } from '../../../lib/auth';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { login } from '../api/login';

type LoginErrors = Partial<Record<keyof LoginRequest, string>>;

/**
 * The login form's checks, with LoginRequestSchema's messages, and the request they allow (the email trimmed and
 * lower-cased as the schema does). The login page is the first page of most visits, so it checks with the shared
 * rule instead of loading zod and a form library (issue 11's budget); the server checks the schema again.
 */
export function checkLogin(email: string, password: string): { errors: LoginErrors; body: LoginRequest } {
  const errors: LoginErrors = {};
  const emailProblem = emailError(email);
  if (emailProblem) errors.email = emailProblem;
  if (!password) errors.password = 'Password is required';
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.password = `Password must be ${PASSWORD_MAX_LENGTH} characters or less`;
  return { errors, body: { email: email.trim().toLowerCase(), password } };
}

/** Email and password sign-in; the server's message is shown on failure. The gate then leaves /login. */
export function LoginForm() {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const [errors, setErrors] = useState<LoginErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: (body: LoginRequest) => login(body),
    onSuccess: startSession,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { errors: found, body } = checkLogin(
      emailRef.current?.value ?? '',
      passwordRef.current?.value ?? '',
    );
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else mutation.mutate(body);
  }

  // A field's message goes as soon as the field is edited; the next submit checks again.
  const clear = (field: keyof LoginRequest) => () =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Field label={t('auth.email')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            onChange={clear('email')}
          />
        )}
      </Field>
      <Field label={t('auth.password')} error={errors.password}>
        {(control) => (
          <Input
            {...control}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            onChange={clear('password')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending || mutation.isSuccess}>
        {t('auth.logIn')}
      </Button>
    </form>
  );
}
