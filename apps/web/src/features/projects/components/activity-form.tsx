import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminActivity, User } from '@rally/shared';
import { useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useWords } from '../hooks/use-words';
import {
  type ActivityFormValues,
  createActivityFormSchema,
  toActivityFormValues,
} from '../utils/activity-form';
import { ACTIVITY_FIELD_RULES, findFieldOfMessage } from '../utils/server-field';
import { ActivityBasicsFields } from './activity-basics-fields';
import { ActivityServerErrorContext } from './activity-form-context';
import { ActivityTypeField } from './activity-type-field';
import { GeneralFields } from './general-fields';
import { SocialPostFields } from './social-post-fields';
import { SubmissionFields } from './submission-fields';
import { TrainingFields } from './training-fields';

interface ActivityFormProps {
  id: string;
  user: User;
  activity: AdminActivity | null;
  onSubmit: (values: ActivityFormValues) => void;
  serverError: Error | null;
}

function TypeFields({ user }: { user: User }) {
  const type = useWatch<ActivityFormValues, 'type'>({ name: 'type' });
  switch (type) {
    case 'social_post':
      return <SocialPostFields user={user} />;
    case 'general_participation':
      return <GeneralFields />;
    case 'content_submission':
      return <SubmissionFields />;
    case 'training':
      return <TrainingFields />;
  }
}

/**
 * After a failed submit: quiz and choice inputs are not registered with the form, so the form cannot
 * focus them itself; move to the first invalid control unless focus is already on one.
 */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    if (document.activeElement?.getAttribute('aria-invalid') === 'true') return;
    document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus();
  });
}

/** An activity: its type (chosen once), title, points, dates and the settings of its type. */
export function ActivityForm({ id, user, activity, onSubmit, serverError }: ActivityFormProps) {
  const { t } = useTranslation();
  const words = useWords();
  const schema = useMemo(
    () => createActivityFormSchema((key, options) => t(key, { ...words, ...options })),
    [t, words],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: toActivityFormValues(activity, 'social_post'),
  });
  const serverField =
    serverError instanceof ApiError && serverError.status === 400
      ? findFieldOfMessage(serverError.message, ACTIVITY_FIELD_RULES)
      : null;
  const fieldError = serverField && serverError ? { field: serverField, message: serverError.message } : null;

  return (
    <FormProvider {...form}>
      <ActivityServerErrorContext value={fieldError}>
        <form
          id={id}
          noValidate
          onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
          className="space-y-6"
        >
          <ActivityTypeField isFixed={activity !== null} />
          <ActivityBasicsFields />
          <div className="space-y-5 border-t border-slate-200 pt-5">
            <TypeFields user={user} />
          </div>
          {serverError && !serverField && <Alert tone="error">{serverError.message}</Alert>}
        </form>
      </ActivityServerErrorContext>
    </FormProvider>
  );
}
