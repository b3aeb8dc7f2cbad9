import { zodResolver } from '@hookform/resolvers/zod';
import {
  BIO_MAX_LENGTH,
  CompleteOnboardingRequestSchema,
  type UpdateMeRequest,
  UpdateMeRequestSchema,
  type User,
} from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useSetUser } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import { updateProfile } from '../api/update-profile';
import { findFieldOfMessage, type ProfileField } from '../utils/server-field-error';

const profile = UpdateMeRequestSchema.shape;
/** The profile fields of PATCH /api/me; first and last name stay required, as onboarding made them. */
const ProfileFormSchema = z.object({
  first_name: CompleteOnboardingRequestSchema.shape.first_name,
  last_name: CompleteOnboardingRequestSchema.shape.last_name,
  username: profile.username,
  display_username: profile.display_username,
  city: profile.city,
  state: profile.state,
  country: profile.country,
  bio: profile.bio,
});

function defaultsOf(user: User) {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    username: user.username ?? '',
    display_username: user.display_username,
    city: user.city ?? '',
    state: user.state ?? '',
    country: user.country ?? '',
    bio: user.bio ?? '',
  };
}

const TEXT_FIELDS: { name: Exclude<ProfileField, 'bio'>; labelKey: string; autoComplete: string }[] = [
  { name: 'first_name', labelKey: 'profile.firstName', autoComplete: 'given-name' },
  { name: 'last_name', labelKey: 'profile.lastName', autoComplete: 'family-name' },
  { name: 'username', labelKey: 'profile.username', autoComplete: 'username' },
  { name: 'city', labelKey: 'profile.city', autoComplete: 'address-level2' },
  { name: 'state', labelKey: 'profile.state', autoComplete: 'address-level1' },
  { name: 'country', labelKey: 'profile.country', autoComplete: 'country-name' },
];

/** Edits the user's own profile with PATCH /api/me; server messages naming a field show under it. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const setUser = useSetUser();
  const form = useForm({ resolver: zodResolver(ProfileFormSchema), defaultValues: defaultsOf(user) });
  const mutation = useMutation({
    mutationFn: (body: UpdateMeRequest) => updateProfile(body),
    onSuccess: ({ user: next }) => {
      setUser(next);
      form.reset(defaultsOf(next));
      showToast(t('profile.saved'), { tone: 'success' });
    },
    onError: (error) => {
      const field =
        error instanceof ApiError && error.status === 400 ? findFieldOfMessage(error.message) : null;
      if (field) form.setError(field, { message: error.message });
    },
  });
  const { errors, isDirty } = form.formState;
  const fieldError = mutation.error instanceof ApiError && findFieldOfMessage(mutation.error.message);
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="space-y-5">
      {mutation.isError && !fieldError && <Alert tone="error">{mutation.error.message}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, labelKey, autoComplete }) => (
          <Field key={name} label={t(labelKey)} error={errors[name]?.message}>
            {(control) => <Input {...control} {...form.register(name)} autoComplete={autoComplete} />}
          </Field>
        ))}
      </div>
      <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3.5">
        <input
          type="checkbox"
          {...form.register('display_username')}
          className="mt-0.5 size-5 shrink-0 rounded accent-(--color-primary-text)"
        />
        <span>
          <span className="block text-sm font-medium text-slate-800">{t('profile.displayUsername')}</span>
          <span className="block text-sm text-slate-500">{t('profile.displayUsernameHint')}</span>
        </span>
      </label>
      <Field
        label={t('profile.bio')}
        error={errors.bio?.message}
        hint={t('profile.bioHint', { max: BIO_MAX_LENGTH })}
      >
        {(control) => <Textarea {...control} {...form.register('bio')} rows={4} />}
      </Field>
      {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" isLoading={mutation.isPending} disabled={!isDirty} className="w-full sm:w-auto">
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
