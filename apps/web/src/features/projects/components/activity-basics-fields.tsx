import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import type { ActivityFormValues } from '../utils/activity-form';
import { useActivityFieldError } from './activity-form-context';

/** Title, description, points, opening and due dates: what every activity has. */
export function ActivityBasicsFields() {
  const { t } = useTranslation();
  const { register } = useFormContext<ActivityFormValues>();
  const errors = {
    title: useActivityFieldError('title'),
    description: useActivityFieldError('description'),
    points: useActivityFieldError('points'),
    starts_at: useActivityFieldError('starts_at'),
    due_at: useActivityFieldError('due_at'),
  };
  return (
    <div className="space-y-5">
      <Field label={t('adminProjects.activityForm.title')} error={errors.title}>
        {(control) => <Input {...control} {...register('title')} autoComplete="off" />}
      </Field>
      <Field
        label={t('adminProjects.activityForm.description')}
        error={errors.description}
        hint={t('adminProjects.activityForm.descriptionHint')}
      >
        {(control) => <Textarea {...control} {...register('description')} rows={2} className="min-h-20" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('adminProjects.activityForm.points')} error={errors.points}>
          {(control) => (
            <Input
              {...control}
              {...register('points', { valueAsNumber: true })}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
            />
          )}
        </Field>
        <Field label={t('adminProjects.activityForm.startsAt')} error={errors.starts_at}>
          {(control) => <Input {...control} {...register('starts_at')} type="datetime-local" />}
        </Field>
        <Field label={t('adminProjects.activityForm.dueAt')} error={errors.due_at}>
          {(control) => <Input {...control} {...register('due_at')} type="datetime-local" />}
        </Field>
      </div>
    </div>
  );
}
