import { FEATURES, SOCIAL_CHANNELS } from '@rally/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SettingsFormValues } from '../utils/settings-form';
import { CheckList } from './check-list';
import { SectionCard } from './section-card';

/** The client's features and the social channels members share to. */
export function FeaturesSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingsFormValues>();
  return (
    <SectionCard
      title={t('adminGeneral.features.title')}
      description={t('adminGeneral.features.description')}
    >
      <Controller
        control={control}
        name="features"
        render={({ field, fieldState }) => (
          <CheckList
            legend={t('adminGeneral.features.featuresLegend')}
            columns="three"
            options={FEATURES.map((id) => ({
              value: id,
              label: t(`adminGeneral.features.${id}.label`),
              hint: t(`adminGeneral.features.${id}.hint`),
            }))}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="channels"
        render={({ field, fieldState }) => (
          <CheckList
            legend={t('adminGeneral.features.channelsLegend')}
            hint={t('adminGeneral.features.channelsHint')}
            columns="three"
            options={SOCIAL_CHANNELS.map((id) => ({ value: id, label: t(`channels.${id}`) }))}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message ?? fieldState.error?.root?.message}
          />
        )}
      />
    </SectionCard>
  );
}
