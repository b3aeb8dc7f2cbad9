import { zodResolver } from '@hookform/resolvers/zod';
import { AdminClientInputSchema, type AdminClientSettings, type User } from '@rally/shared';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateClientSettings } from '../api/update-client-settings';
import {
  findServerField,
  type SettingsFormValues,
  toChangeRequest,
  toFormValues,
} from '../utils/settings-form';
import { BrandSection } from './brand-section';
import { CommunitySection } from './community-section';
import { FeaturesSection } from './features-section';
import { PauseSection } from './pause-section';
import { SaveBar } from './save-bar';
import { TermsSection } from './terms-section';
import { WordsSection } from './words-section';

/** Every section of the General page in one form, saved together with a save bar while anything changed. */
export function SettingsForm({ user, settings }: { user: User; settings: AdminClientSettings }) {
  const { t } = useTranslation();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(AdminClientInputSchema),
    defaultValues: toFormValues(settings),
  });
  const update = useUpdateClientSettings(user.id);

  const handleSave = form.handleSubmit(async (values) => {
    try {
      const { settings: saved } = await update.mutateAsync(
        toChangeRequest(values, form.formState.dirtyFields),
      );
      form.reset(toFormValues(saved));
      showToast(t('adminGeneral.save.success'), { tone: 'success' });
    } catch (error) {
      const named = error instanceof ApiError && error.status === 400 ? findServerField(error.message) : null;
      if (named) {
        form.setError(
          named.field as keyof SettingsFormValues,
          { message: named.message },
          { shouldFocus: true },
        );
      } else if (error instanceof Error) {
        form.setError('root.server', { message: error.message });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSave} className="space-y-5" aria-label={t('adminGeneral.heading')}>
        <BrandSection />
        <WordsSection />
        <FeaturesSection />
        <CommunitySection />
        <PauseSection user={user} />
        <TermsSection />
        {form.formState.errors.root?.server && (
          <Alert tone="error">{form.formState.errors.root.server.message}</Alert>
        )}
        <SaveBar
          isDirty={form.formState.isDirty}
          isSaving={update.isPending}
          hasErrors={Object.keys(form.formState.errors).length > 0}
          onDiscard={() => form.reset()}
        />
      </form>
    </FormProvider>
  );
}
