import { ApplyRequestSchema, PASSWORD_MIN_LENGTH, type PublicApplication } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FocusLayout } from '../../../components/layouts/focus-layout';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError, api } from '../../../lib/api-client';
import { useStartSession, useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { GUEST_ALLOWED } from '../../../lib/query-client';
import { setToken } from '../../../lib/storage';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { applyTo, useApplication } from '../api/application-calls';
import { answerErrors, cleanAnswers } from '../utils/answers';
import { type AnswerValue, QuestionField } from './question-field';

const PERSON_FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;
type PersonField = (typeof PERSON_FIELDS)[number];
const linkClasses = 'font-semibold text-brand-text underline-offset-2 hover:underline';

/** The public page of an application form (/apply/{application}): the form in the client's brand. */
export function ApplicationView({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const query = useApplication(applicationId);
  const user = useUser();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ApplicationError error={query.error} onRetry={() => void query.refetch()} />;
  const { application } = query.data;
  return (
    <FocusLayout
      icon={ClipboardList}
      title={application.title}
      description={t('apply.from', { client: application.client_name })}
      width="lg"
    >
      <div className="space-y-6">
        {application.cover_image_url && (
          <img
            src={application.cover_image_url}
            alt=""
            className="aspect-[3/1] w-full rounded-xl object-cover"
          />
        )}
        {application.description && (
          <p className="whitespace-pre-wrap text-[0.9375rem] leading-relaxed text-slate-700">
            {application.description}
          </p>
        )}
        {user ? (
          <Alert tone="info">{t('applicants.apply.signedIn', { email: user.email ?? '' })}</Alert>
        ) : (
          <ApplyForm application={application} />
        )}
      </div>
    </FocusLayout>
  );
}

/**
 * A form that cannot be shown: one that does not exist or is closed (404, or 400 for a link cut short) says so in
 * the client's brand with a way into its app (issue 23 item 5); any other failure says what went wrong, with Retry.
 */
function ApplicationError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const client = useClient();
  const isGone = error instanceof ApiError && (error.status === 404 || error.status === 400);
  if (isGone) {
    return (
      <FocusLayout
        icon={ClipboardList}
        title={t('apply.goneTitle')}
        description={t('apply.goneText', { client: client.name })}
      >
        <ButtonLink to="/" size="lg" className="w-full">
          {t('apply.openApp', { client: client.name })}
        </ButtonLink>
      </FocusLayout>
    );
  }
  return (
    <FocusLayout icon={ClipboardList} title={t('apply.loadErrorTitle')}>
      <div className="space-y-4">
        <Alert tone="error">{error.message}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </FocusLayout>
  );
}

/** Who applies and their answers; creates the account, uploads chosen files, then opens the applicant's page. */
export function ApplyForm({ application }: { application: PublicApplication }) {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [person, setPerson] = useState<Record<PersonField, string>>({
    first_name: '',
    last_name: '',
    email: '',
    password: '',
  });
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [files, setFiles] = useState<Record<string, File>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const mutation = useMutation({
    meta: GUEST_ALLOWED,
    mutationFn: async () => {
      const result = await applyTo(application.id, { ...person, answers: cleanAnswers(answers) });
      // The new session's token lets the files go up before the page changes.
      setToken(result.token);
      const fileAnswers: Record<string, string> = {};
      try {
        for (const [questionId, file] of Object.entries(files)) {
          const upload = await uploadFile({
            isLoggedIn: true,
            file,
            type: 'submission',
            objectId: client.id,
          });
          fileAnswers[questionId] = upload.url;
        }
        if (Object.keys(fileAnswers).length > 0) {
          await api.patch(`/api/applicants/${result.applicant_id}`, {
            answers: { ...cleanAnswers(answers), ...fileAnswers },
          });
        }
      } catch (error) {
        showToast(t('applicants.apply.fileFailed', { error: (error as Error).message }), {
          tone: 'error',
          duration: 'long',
        });
      }
      return result;
    },
    onSuccess: (result) => {
      startSession({ user: result.user, token: result.token });
      navigate(`/applicants/${result.applicant_id}`, { replace: true });
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const parsed = ApplyRequestSchema.safeParse({ ...person, answers: {} });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        next[key] ??= issue.message;
      }
    }
    Object.assign(
      next,
      answerErrors(application.questions, cleanAnswers(answers), new Set(Object.keys(files))),
    );
    setErrors(next);
    if (Object.keys(next).length === 0) mutation.mutate();
  }

  const isTaken = mutation.error instanceof ApiError && mutation.error.status === 409;
  const personLabels: Record<PersonField, string> = {
    first_name: t('profile.firstName'),
    last_name: t('profile.lastName'),
    email: t('auth.email'),
    password: t('auth.password'),
  };
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="space-y-5"
      aria-label={t('applicants.apply.formLabel')}
    >
      {mutation.isError && (
        <Alert tone="error">
          {mutation.error.message}{' '}
          {isTaken && (
            <Link to="/login" className={linkClasses}>
              {t('auth.logIn')}
            </Link>
          )}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {PERSON_FIELDS.map((key) => (
          <Field
            key={key}
            label={personLabels[key]}
            error={errors[key]}
            hint={key === 'password' ? t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type={key === 'password' ? 'password' : key === 'email' ? 'email' : 'text'}
                autoComplete={
                  {
                    first_name: 'given-name',
                    last_name: 'family-name',
                    email: 'email',
                    password: 'new-password',
                  }[key]
                }
                value={person[key]}
                onChange={(e) => setPerson((p) => ({ ...p, [key]: e.target.value }))}
              />
            )}
          </Field>
        ))}
      </div>
      {application.questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={answers[q.id]}
          onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value }))}
          onFile={(file) =>
            setFiles(({ [q.id]: _old, ...rest }) => (file ? { ...rest, [q.id]: file } : rest))
          }
          fileName={files[q.id]?.name}
          error={errors[q.id]}
        />
      ))}
      <Button type="submit" size="lg" className="w-full" isLoading={mutation.isPending}>
        {t('applicants.apply.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('applicants.apply.haveAccount')}{' '}
        <ButtonLink to="/login" variant="ghost" size="sm">
          {t('auth.logIn')}
        </ButtonLink>
      </p>
    </form>
  );
}
