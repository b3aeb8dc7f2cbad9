import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { ActivityFormValues } from '../utils/activity-form';
import { useActivityFieldError } from './activity-form-context';

const MEDIA = ['image', 'video', 'any'] as const;

/** Brand Content: what to submit, and which media are accepted. */
export function SubmissionFields() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<ActivityFormValues>();
  const promptError = useActivityFieldError('prompt');
  return (
    <>
      <Field
        label={t('adminProjects.activityForm.prompt')}
        error={promptError}
        hint={t('adminProjects.activityForm.submissionPromptHint')}
      >
        {(controlProps) => <Textarea {...controlProps} {...register('prompt')} rows={3} />}
      </Field>
      <Controller
        control={control}
        name="media"
        render={({ field }) => (
          <RadioCards
            label={t('adminProjects.activityForm.media')}
            layout="row"
            options={MEDIA.map((value) => ({
              value,
              label: t(`adminProjects.activityForm.medias.${value}`),
            }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </>
  );
}
