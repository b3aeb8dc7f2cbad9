import { ACTIVITY_TYPES } from '@rally/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { ActivityFormValues } from '../utils/activity-form';
import { ACTIVITY_TYPE_ICONS } from './admin-activity-type-icon';

/** The type picker of a new activity; an existing activity shows its type, which cannot change. */
export function ActivityTypeField({ isFixed }: { isFixed: boolean }) {
  const { t } = useTranslation();
  const { control, getValues } = useFormContext<ActivityFormValues>();
  if (isFixed) {
    const type = getValues('type');
    const Icon = ACTIVITY_TYPE_ICONS[type];
    return (
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand/10 text-brand-text">
          <Icon aria-hidden className="size-5" />
        </span>
        <div>
          <p className="text-sm font-semibold text-slate-900">{t(`activityTypes.${type}`)}</p>
          <p className="text-xs text-slate-500">{t('adminProjects.activityForm.typeFixed')}</p>
        </div>
      </div>
    );
  }
  const options = ACTIVITY_TYPES.map((value) => {
    const Icon = ACTIVITY_TYPE_ICONS[value];
    return {
      value,
      label: (
        <span className="flex items-start gap-2.5">
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-text" />
          <span>
            <span className="block">{t(`activityTypes.${value}`)}</span>
            <span className="block text-xs font-normal text-slate-500">
              {t(`adminProjects.activityForm.typeHints.${value}`)}
            </span>
          </span>
        </span>
      ),
    };
  });
  return (
    <Controller
      control={control}
      name="type"
      render={({ field }) => (
        <RadioCards
          label={t('adminProjects.activityForm.type')}
          options={options}
          value={field.value}
          onChange={field.onChange}
          className="sm:[&>div]:grid-cols-2"
        />
      )}
    />
  );
}
