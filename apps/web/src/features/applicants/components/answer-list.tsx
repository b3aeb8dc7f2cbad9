import type { ApplicationQuestion } from '@rally/shared';
import { useTranslation } from 'react-i18next';

/** An answer as text: choices joined, a consent as yes/no. */
function AnswerText({ question, value }: { question: ApplicationQuestion; value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-slate-500">{t('applicants.answers.none')}</span>;
  }
  if (typeof value === 'boolean')
    return <>{value ? t('applicants.answers.yes') : t('applicants.answers.no')}</>;
  if (Array.isArray(value)) return <>{value.join(', ')}</>;
  const text = String(value);
  if (question.type === 'file' || question.type === 'social_handle') {
    return (
      <a
        href={text}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium break-all text-brand-text underline-offset-2 hover:underline"
      >
        {question.type === 'file' ? t('applicants.answers.openFile') : text}
      </a>
    );
  }
  return <span className="whitespace-pre-wrap">{text}</span>;
}

/** The answers of an application, question by question. */
export function AnswerList({
  questions,
  answers,
}: {
  questions: readonly ApplicationQuestion[];
  answers: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  if (questions.length === 0)
    return <p className="text-sm text-slate-600">{t('applicants.answers.noQuestions')}</p>;
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {questions.map((q) => (
        <div key={q.id} className="space-y-1 px-4 py-3 text-sm">
          <dt className="text-slate-600">{q.label}</dt>
          <dd className="text-slate-900">
            <AnswerText question={q} value={answers[q.id]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
