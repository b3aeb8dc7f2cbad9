import { zodResolver } from '@hookform/resolvers/zod';
import type { Template } from '@rally/shared';
import { useMemo, useRef } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import {
  createTemplateFormSchema,
  findTemplateField,
  type TemplateFormValues,
  toTemplateFormValues,
} from '../utils/template-form';
import { InsertPlaceholderMenu } from './insert-placeholder-menu';
import { PlaceholdersEditor } from './placeholders-editor';
import { TemplatePreview } from './template-preview';

interface TemplateFormProps {
  id: string;
  template: Template | null;
  onSubmit: (values: TemplateFormValues) => void;
  serverError: Error | null;
}

/** Name, text with [[placeholders]], the placeholders' labels and defaults, tags, and a live preview. */
export function TemplateForm({ id, template, onSubmit, serverError }: TemplateFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => createTemplateFormSchema((key, options) => t(key, { ...options })), [t]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: toTemplateFormValues(template) });
  const placeholders = useFieldArray({ control: form.control, name: 'placeholders' });
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerBodyRef, ...bodyField } = form.register('body');
  const { errors } = form.formState;
  const serverField =
    serverError instanceof ApiError && serverError.status === 400
      ? findTemplateField(serverError.message)
      : null;
  const errorOf = (field: 'name' | 'body' | 'tags') =>
    errors[field]?.message ?? (serverField === field ? serverError?.message : undefined);

  return (
    <FormProvider {...form}>
      <form
        id={id}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6"
      >
        <div className="min-w-0 space-y-5">
          <Field label={t('library.templates.name')} error={errorOf('name')}>
            {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
          </Field>
          <div className="space-y-2">
            <Field
              label={t('library.templates.body')}
              error={errorOf('body')}
              hint={t('library.templates.bodyHint')}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...bodyField}
                  ref={(element) => {
                    registerBodyRef(element);
                    bodyRef.current = element;
                  }}
                  rows={6}
                />
              )}
            </Field>
            <InsertPlaceholderMenu bodyRef={bodyRef} placeholders={placeholders} />
          </div>
          <PlaceholdersEditor
            placeholders={placeholders}
            serverError={serverField === 'placeholders' ? serverError?.message : undefined}
          />
          <Field label={t('library.tags')} error={errorOf('tags')} hint={t('library.tagsHint')}>
            {(control) => <Input {...control} {...form.register('tags')} autoComplete="off" />}
          </Field>
          {serverError && !serverField && <Alert tone="error">{serverError.message}</Alert>}
        </div>
        <TemplatePreview />
      </form>
    </FormProvider>
  );
}
