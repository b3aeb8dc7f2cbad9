import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminProject, User } from '@rally/shared';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useWords } from '../hooks/use-words';
import { createProjectFormSchema, type ProjectFormValues, toProjectFormValues } from '../utils/project-form';
import { findFieldOfMessage, PROJECT_FIELD_RULES, type ProjectField } from '../utils/server-field';
import { AudienceField } from './audience-field';
import { CoverField } from './cover-field';

interface ProjectFormProps {
  id: string;
  user: User;
  project: AdminProject | null;
  onSubmit: (values: ProjectFormValues) => void;
  /** The last save's failure; shown under the field it names, else at the end of the form. */
  serverError: Error | null;
}

/** Name, description, cover, audience and dates of a project. */
export function ProjectForm({ id, user, project, onSubmit, serverError }: ProjectFormProps) {
  const { t } = useTranslation();
  const words = useWords();
  const schema = useMemo(
    () => createProjectFormSchema((key, options) => t(key, { ...words, ...options })),
    [t, words],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: toProjectFormValues(project) });
  const { errors } = form.formState;
  const serverField =
    serverError instanceof ApiError && serverError.status === 400
      ? findFieldOfMessage(serverError.message, PROJECT_FIELD_RULES)
      : null;
  const errorOf = (field: ProjectField) =>
    errors[field]?.message ?? (serverField === field ? serverError?.message : undefined);

  return (
    <form id={id} noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <Field label={t('adminProjects.form.name')} error={errorOf('name')}>
        {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
      </Field>
      <Field label={t('adminProjects.form.description')} error={errorOf('description')}>
        {(control) => <Textarea {...control} {...form.register('description')} rows={3} />}
      </Field>
      <Controller
        control={form.control}
        name="image_url"
        render={({ field }) => (
          <CoverField value={field.value} onChange={field.onChange} error={errorOf('image_url')} />
        )}
      />
      <AudienceField
        control={form.control}
        user={user}
        initialTeamIds={project?.audience_team_ids ?? []}
        error={errorOf('audience_team_ids')}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t('adminProjects.form.schedule')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('adminProjects.form.startsAt')} error={errorOf('starts_at')}>
            {(control) => <Input {...control} {...form.register('starts_at')} type="datetime-local" />}
          </Field>
          <Field label={t('adminProjects.form.endsAt')} error={errorOf('ends_at')}>
            {(control) => <Input {...control} {...form.register('ends_at')} type="datetime-local" />}
          </Field>
        </div>
        <p className="text-sm text-slate-500">{t('adminProjects.form.scheduleHint', words)}</p>
      </fieldset>
      {serverError && !serverField && <Alert tone="error">{serverError.message}</Alert>}
    </form>
  );
}
