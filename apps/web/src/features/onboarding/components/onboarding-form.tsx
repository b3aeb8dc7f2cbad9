import { zodResolver } from '@hookform/resolvers/zod';
import { CompleteOnboardingRequestSchema, type User } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSetUser } from '../../../lib/auth';
import { type CompleteOnboardingRequest, completeOnboarding } from '../api/onboarding-calls';

function withoutEmpty(body: CompleteOnboardingRequest): CompleteOnboardingRequest {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  ) as CompleteOnboardingRequest;
}

/** Name and place (POST /api/me/onboarding), then home. */
export function OnboardingForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUser = useSetUser();
  const form = useForm({
    resolver: zodResolver(CompleteOnboardingRequestSchema),
    defaultValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      city: user.city ?? '',
      state: user.state ?? '',
      country: user.country ?? '',
    },
  });
  const mutation = useMutation({
    mutationFn: (body: CompleteOnboardingRequest) => completeOnboarding(withoutEmpty(body)),
    onSuccess: ({ user: next }) => {
      setUser(next);
      navigate('/', { replace: true });
    },
  });
  const { errors } = form.formState;
  const optional = (key: string) => t('form.optionalLabel', { label: t(key) });
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
      <Field label={optional('profile.city')} error={errors.city?.message}>
        {(control) => <Input {...control} {...form.register('city')} autoComplete="address-level2" />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={optional('profile.state')} error={errors.state?.message}>
          {(control) => <Input {...control} {...form.register('state')} autoComplete="address-level1" />}
        </Field>
        <Field label={optional('profile.country')} error={errors.country?.message}>
          {(control) => <Input {...control} {...form.register('country')} autoComplete="country-name" />}
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('onboarding.submit')}
      </Button>
    </form>
  );
}
