import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { SettingsFormValues } from '../utils/settings-form';
import { SectionCard } from './section-card';

/** The external terms of use the user menu links to. */
export function TermsSection() {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<SettingsFormValues>();
  return (
    <SectionCard title={t('adminGeneral.terms.title')}>
      <Field
        label={t('adminGeneral.terms.label')}
        hint={t('adminGeneral.terms.hint')}
        error={formState.errors.terms_url?.message}
      >
        {(control) => (
          <Input {...control} {...register('terms_url')} type="url" inputMode="url" placeholder="https://" />
        )}
      </Field>
    </SectionCard>
  );
}
