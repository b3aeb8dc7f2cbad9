import { CircleX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { ContentOf } from '../api/get-activity';
import { useParticipate } from '../api/participate';

type Quiz = NonNullable<ContentOf<'training'>['quiz']>;

interface TrainingQuizProps {
  userId: string;
  activityId: string;
  quiz: Quiz;
  canAct: boolean;
  onDone: (points: number) => void;
}

/**
 * One radio group per question and "Submit answers"; a failed attempt shows the score, marks the questions answered
 * wrongly (not their right answers) and allows a retry.
 */
export function TrainingQuiz({ userId, activityId, quiz, canAct, onDone }: TrainingQuizProps) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<(string | null)[]>(() => quiz.questions.map(() => null));
  const [attempt, setAttempt] = useState(0);
  const participate = useParticipate(userId, activityId);
  const score = participate.data?.score;
  const hasFailed = score !== undefined && score !== null && !score.passed;
  const wrong = new Set(hasFailed ? score.wrong : []);
  const isComplete = answers.every((answer) => answer !== null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete) return;
    participate.mutate(
      { type: 'training', answers: answers.map(Number) },
      { onSuccess: (result) => result.score?.passed && onDone(result.points_awarded) },
    );
  };
  const handleRetry = () => {
    participate.reset();
    setAnswers(quiz.questions.map(() => null));
    setAttempt((n) => n + 1);
  };

  return (
    <Card className="p-5 sm:p-6">
      <form key={attempt} onSubmit={handleSubmit} className="space-y-6">
        <div>
          <h3 className="text-lg font-bold text-slate-900">{t('training.quizHeading')}</h3>
          <p className="text-sm text-slate-600">{t('training.quizIntro', { mark: quiz.pass_mark })}</p>
        </div>
        <ol className="space-y-6">
          {quiz.questions.map((question, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are answered by position
            <li key={index}>
              <RadioCards
                label={
                  <>
                    <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {t('training.questionNumber', { n: index + 1 })}
                    </span>
                    <span className="text-base font-semibold text-slate-900">{question.question}</span>
                    {wrong.has(index) && (
                      <span className="mt-1 flex items-center gap-1 text-sm font-semibold text-red-700">
                        <CircleX aria-hidden className="size-4" />
                        {t('training.wrongAnswer')}
                      </span>
                    )}
                  </>
                }
                options={question.options.map((option, i) => ({ value: String(i), label: option }))}
                value={answers[index] ?? null}
                onChange={(value) =>
                  setAnswers((previous) => previous.map((a, i) => (i === index ? value : a)))
                }
                disabled={!canAct || hasFailed}
              />
            </li>
          ))}
        </ol>
        {hasFailed && (
          <Alert tone="error">
            <p>
              {t('training.failed', { correct: score.correct, total: score.total, mark: quiz.pass_mark })}
            </p>
            {score.wrong.length > 0 && <p className="mt-1">{t('training.wrongHint')}</p>}
          </Alert>
        )}
        {participate.isError && <Alert tone="error">{participate.error.message}</Alert>}
        {hasFailed ? (
          <Button variant="secondary" onClick={handleRetry}>
            {t('training.tryAgain')}
          </Button>
        ) : (
          <Button type="submit" disabled={!canAct || !isComplete} isLoading={participate.isPending}>
            {t('training.submitAnswers')}
          </Button>
        )}
      </form>
    </Card>
  );
}
