import { zodResolver } from '@hookform/resolvers/zod';
import type { Creative } from '@rally/shared';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import {
  type CreativeFormValues,
  createCreativeFormSchema,
  toCreativeFormValues,
} from '../utils/creative-form';
import { nameFromFileName } from '../utils/template-text';
import { CreativeFileField } from './creative-file-field';

interface CreativeFormProps {
  id: string;
  creative: Creative | null;
  onSubmit: (values: CreativeFormValues) => void;
  serverError: Error | null;
}

/** The file (uploaded as soon as it is picked), its name (from the file name by default) and tags. */
export function CreativeForm({ id, creative, onSubmit, serverError }: CreativeFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => createCreativeFormSchema((key, options) => t(key, { ...options })), [t]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: toCreativeFormValues(creative) });
  const [kind, setKind] = useState<'image' | 'video'>(creative?.kind ?? 'image');
  const { errors } = form.formState;
  const isNameError = serverError instanceof ApiError && /^name/i.test(serverError.message);

  const handleUploaded = (url: string, file: File) => {
    setKind(file.type.startsWith('video/') ? 'video' : 'image');
    form.setValue('url', url, { shouldValidate: form.formState.isSubmitted });
    if (!form.getValues('name').trim()) form.setValue('name', nameFromFileName(file.name));
  };

  return (
    <form id={id} noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <Controller
        control={form.control}
        name="url"
        render={({ field, fieldState }) => (
          <CreativeFileField
            url={field.value}
            kind={kind}
            onUploaded={handleUploaded}
            error={fieldState.error?.message}
          />
        )}
      />
      <Field
        label={t('library.creatives.name')}
        error={errors.name?.message ?? (isNameError ? serverError.message : undefined)}
      >
        {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
      </Field>
      <Field label={t('library.tags')} error={errors.tags?.message} hint={t('library.tagsHint')}>
        {(control) => <Input {...control} {...form.register('tags')} autoComplete="off" />}
      </Field>
      {serverError && !isNameError && <Alert tone="error">{serverError.message}</Alert>}
    </form>
  );
}
