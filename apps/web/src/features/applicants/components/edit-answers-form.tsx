import type { Applicant } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useClient } from '../../../lib/client';
import { uploadFile } from '../../../lib/upload';
import { useUpdateAnswers } from '../api/application-calls';
import { answerErrors, cleanAnswers } from '../utils/answers';
import { type AnswerValue, QuestionField } from './question-field';

/** The applicant changes their answers (files are uploaded as they are sent). */
export function EditAnswersForm({ applicant, onDone }: { applicant: Applicant; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useClient();
  const save = useUpdateAnswers(applicant.id);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(
    applicant.answers as Record<string, AnswerValue>,
  );
  const [files, setFiles] = useState<Record<string, File>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useMutation({
    mutationFn: async () => {
      const uploaded: Record<string, string> = {};
      for (const [id, file] of Object.entries(files)) {
        uploaded[id] = (
          await uploadFile({ isLoggedIn: true, file, type: 'submission', objectId: client.id })
        ).url;
      }
      await save.mutateAsync({ ...cleanAnswers(answers), ...uploaded });
    },
    onSuccess: onDone,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next = answerErrors(
      applicant.application.questions,
      cleanAnswers(answers),
      new Set(Object.keys(files)),
    );
    setErrors(next);
    if (Object.keys(next).length === 0) upload.mutate();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      {upload.isError && <Alert tone="error">{upload.error.message}</Alert>}
      {applicant.application.questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={answers[q.id]}
          onChange={(value) => setAnswers((a) => ({ ...a, [q.id]: value }))}
          onFile={(file) =>
            setFiles(({ [q.id]: _old, ...rest }) => (file ? { ...rest, [q.id]: file } : rest))
          }
          fileName={
            files[q.id]?.name ??
            (typeof answers[q.id] === 'string' && q.type === 'file' ? t('applicants.answers.uploaded') : null)
          }
          error={errors[q.id]}
        />
      ))}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone} disabled={upload.isPending}>
          {t('applicants.common.cancel')}
        </Button>
        <Button type="submit" isLoading={upload.isPending}>
          {t('applicants.own.save')}
        </Button>
      </div>
    </form>
  );
}
