import { COMMUNITY_VARIANTS } from '@rally/shared';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { SettingsFormValues } from '../utils/settings-form';
import { SectionCard } from './section-card';
import { SwitchRow } from './switch-row';

const VARIANT_KEYS = { full: 'full', white_label: 'whiteLabel' } as const;

/** The Community variant of SPEC 6 and the white-label brand flag. */
export function CommunitySection() {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingsFormValues>();
  const teams = useWatch<SettingsFormValues, 'team.plural'>({ name: 'team.plural' });
  return (
    <SectionCard
      title={t('adminGeneral.community.title')}
      description={t('adminGeneral.community.description')}
    >
      <Controller
        control={control}
        name="community_variant"
        render={({ field }) => (
          <RadioCards
            label={t('adminGeneral.community.variantLabel')}
            value={field.value}
            onChange={field.onChange}
            options={COMMUNITY_VARIANTS.map((variant) => ({
              value: variant,
              label: (
                <span className="block">
                  <span className="block font-semibold">
                    {t(`adminGeneral.community.${VARIANT_KEYS[variant]}.label`)}
                  </span>
                  <span className="block font-normal text-slate-600">
                    {t(`adminGeneral.community.${VARIANT_KEYS[variant]}.hint`, { teams })}
                  </span>
                </span>
              ),
            }))}
          />
        )}
      />
      <Controller
        control={control}
        name="white_label"
        render={({ field }) => (
          <SwitchRow
            label={t('adminGeneral.community.whiteLabelFlag')}
            hint={t('adminGeneral.community.whiteLabelFlagHint')}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </SectionCard>
  );
}
