import { ACTIVITY_TYPES, BADGE_CRITERIA, LEADERBOARD_PERIODS } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { type BadgeFormErrors, type BadgeFormValues, isCounted } from '../utils/badge-form';

interface BadgeRuleFieldsProps {
  values: BadgeFormValues;
  errors: BadgeFormErrors;
  onChange: (patch: Partial<BadgeFormValues>) => void;
}

function NumberField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The rule of a badge: its criterion, the criterion's options, and one target or bronze/silver/gold targets. */
export function BadgeRuleFields({ values, errors, onChange }: BadgeRuleFieldsProps) {
  const { t } = useTranslation();
  const counted = isCounted(values.criterion);
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">{t('adminBadges.form.rule')}</legend>
      <SelectListbox
        label={t('adminBadges.form.criterion')}
        options={BADGE_CRITERIA.map((value) => ({ value, label: t(`adminBadges.criteria.${value}`) }))}
        value={values.criterion}
        onChange={(criterion) => onChange({ criterion })}
      />
      <p className="text-sm text-slate-600">{t(`adminBadges.criteriaHelp.${values.criterion}`)}</p>
      {values.criterion === 'points' && (
        <div>
          <SelectListbox
            label={t('adminBadges.form.period')}
            options={LEADERBOARD_PERIODS.map((value) => ({
              value,
              label: t(`adminBadges.periods.${value}`),
            }))}
            value={values.period}
            onChange={(period) => onChange({ period })}
          />
          {errors.period && <p className="mt-1.5 text-sm font-medium text-red-600">{errors.period}</p>}
        </div>
      )}
      {values.criterion === 'activities' && (
        <SelectListbox
          label={t('adminBadges.form.activityType')}
          options={[
            { value: 'any' as const, label: t('adminBadges.form.anyType') },
            ...ACTIVITY_TYPES.map((value) => ({ value, label: t(`activityTypes.${value}`) })),
          ]}
          value={values.activityType}
          onChange={(activityType) => onChange({ activityType })}
        />
      )}
      {counted && (
        <>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('adminBadges.form.targets')}</legend>
            {(['single', 'tiers'] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="badge-target-mode"
                  value={mode}
                  checked={values.targetMode === mode}
                  onChange={() => onChange({ targetMode: mode })}
                  className="size-4 accent-(--color-primary-text)"
                />
                {t(`adminBadges.form.targetMode.${mode}`)}
              </label>
            ))}
          </fieldset>
          {values.targetMode === 'single' ? (
            <NumberField
              label={t('adminBadges.form.threshold')}
              value={values.threshold}
              error={errors.threshold}
              onChange={(threshold) => onChange({ threshold })}
            />
          ) : (
            <div className="grid gap-3 sm:grid-cols-3">
              {(['bronze', 'silver', 'gold'] as const).map((tier) => (
                <NumberField
                  key={tier}
                  label={t(`myBadges.tiers.${tier}`)}
                  value={values[tier]}
                  error={errors[tier]}
                  onChange={(value) => onChange({ [tier]: value })}
                />
              ))}
              {errors.threshold && (
                <p className="text-sm font-medium text-red-600 sm:col-span-3">{errors.threshold}</p>
              )}
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
