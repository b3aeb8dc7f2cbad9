import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { ActivityFormValues } from '../utils/activity-form';
import { useActivityFieldError } from './activity-form-context';
import { ChoicesEditor } from './choices-editor';

const RESPONSES = ['text', 'choice', 'photo'] as const;

/** General participation: the prompt, the kind of response and, for a choice, the choices. */
export function GeneralFields() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<ActivityFormValues>();
  const response = useWatch({ control, name: 'response' });
  const promptError = useActivityFieldError('prompt');
  const choicesError = useActivityFieldError('choices');
  return (
    <>
      <Field label={t('adminProjects.activityForm.prompt')} error={promptError}>
        {(controlProps) => <Textarea {...controlProps} {...register('prompt')} rows={3} />}
      </Field>
      <Controller
        control={control}
        name="response"
        render={({ field }) => (
          <RadioCards
            label={t('adminProjects.activityForm.response')}
            layout="row"
            options={RESPONSES.map((value) => ({
              value,
              label: t(`adminProjects.activityForm.responses.${value}`),
            }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {response === 'choice' && (
        <Controller
          control={control}
          name="choices"
          render={({ field, formState }) => (
            <ChoicesEditor
              value={field.value}
              onChange={field.onChange}
              error={choicesError}
              itemErrors={formState.errors.choices}
            />
          )}
        />
      )}
    </>
  );
}
