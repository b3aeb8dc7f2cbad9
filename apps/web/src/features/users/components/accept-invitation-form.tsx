import { PASSWORD_MIN_LENGTH, PasswordSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useStartSession } from '../../../lib/auth';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { acceptInvitation } from '../api/invitations';

/**
 * Accepts an emailed invitation: the invited person chooses a password and is signed in; the app's gates then take
 * them through onboarding. The link works once.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: acceptInvitation,
    onSuccess: startSession,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordSchema.safeParse(password);
    const next = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: parsed.success && password !== confirm ? t('invitation.mismatch') : undefined,
    };
    setProblems(next);
    if (!next.password && !next.confirm) mutation.mutate({ token, password });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <Field
        label={t('invitation.password')}
        error={problems.password}
        hint={t('invitation.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('invitation.confirm')} error={problems.confirm}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('invitation.accept')}
      </Button>
    </form>
  );
}
