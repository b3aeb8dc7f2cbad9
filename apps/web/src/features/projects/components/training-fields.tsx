import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Markdown } from '../../../components/ui/markdown';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import type { ActivityFormValues } from '../utils/activity-form';
import { useActivityFieldError } from './activity-form-context';
import { QuizBuilder } from './quiz-builder';
import { TrainingFileField } from './training-file-field';

/** Training: the text, an optional video and PDF, and an optional quiz. */
export function TrainingFields() {
  const { t } = useTranslation();
  const { register, control } = useFormContext<ActivityFormValues>();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const body = useWatch({ control, name: 'body' }) ?? '';
  const errors = {
    body: useActivityFieldError('body'),
    video: useActivityFieldError('video_url'),
    pdf: useActivityFieldError('pdf_url'),
    quiz: useActivityFieldError('quiz'),
  };
  return (
    <>
      <Field
        label={t('adminProjects.training.body')}
        error={errors.body}
        hint={t('adminProjects.training.bodyHint')}
      >
        {(controlProps) => (
          <div className="space-y-2">
            <SegmentedControl
              label={t('adminProjects.training.modeLabel')}
              options={[
                { value: 'write', label: t('adminProjects.training.write') },
                { value: 'preview', label: t('adminProjects.training.preview') },
              ]}
              value={mode}
              onChange={setMode}
            />
            {mode === 'write' ? (
              <Textarea {...controlProps} {...register('body')} rows={8} />
            ) : (
              <div className="min-h-40 rounded-xl border border-slate-200 bg-white p-4">
                {body.trim() ? (
                  <Markdown text={body} />
                ) : (
                  <p className="text-sm text-slate-500">{t('adminProjects.training.previewEmpty')}</p>
                )}
              </div>
            )}
          </div>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="video_url"
          render={({ field }) => (
            <TrainingFileField
              kind="video"
              value={field.value}
              onChange={field.onChange}
              error={errors.video}
            />
          )}
        />
        <Controller
          control={control}
          name="pdf_url"
          render={({ field }) => (
            <TrainingFileField kind="pdf" value={field.value} onChange={field.onChange} error={errors.pdf} />
          )}
        />
      </div>
      <Controller
        control={control}
        name="quiz"
        render={({ field }) => (
          <QuizBuilder value={field.value} onChange={field.onChange} error={errors.quiz} />
        )}
      />
    </>
  );
}
