import { ListPlus, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { ActivityFormValues } from '../utils/activity-form';
import { QUIZ_MAX_QUESTIONS, type QuizAction, type QuizDraft, quizReducer } from '../utils/quiz-builder';
import { QuizQuestionEditor } from './quiz-question-editor';

interface QuizBuilderProps {
  value: QuizDraft | null;
  onChange: (quiz: QuizDraft | null) => void;
  error?: string;
}

/** The training quiz: questions with 2–8 options and the right one marked, and the pass mark. */
export function QuizBuilder({ value, onChange, error }: QuizBuilderProps) {
  const { t } = useTranslation();
  const { errors } = useFormState<ActivityFormValues>({ name: 'quiz' });
  const passMarkId = useId();
  const dispatch = (action: QuizAction) => onChange(quizReducer(value, action));

  if (!value) {
    return (
      <div className="space-y-2">
        <Button variant="secondary" onClick={() => dispatch({ type: 'enable' })}>
          <ListPlus aria-hidden className="size-4" />
          {t('adminProjects.quiz.add')}
        </Button>
        {error && <p className="text-sm font-medium text-red-600">{error}</p>}
      </div>
    );
  }
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-3.5 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('adminProjects.quiz.heading')}</legend>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1.5">
          <label htmlFor={passMarkId} className="block text-sm font-medium text-slate-800">
            {t('adminProjects.quiz.passMark')}
          </label>
          <Input
            id={passMarkId}
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            value={value.pass_mark}
            onChange={(event) => dispatch({ type: 'setPassMark', value: event.target.valueAsNumber })}
            className="w-28"
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => dispatch({ type: 'disable' })}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('adminProjects.quiz.remove')}
        </Button>
      </div>
      <ol className="space-y-3">
        {value.questions.map((question, index) => (
          <QuizQuestionEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: questions have no ids; the position is their identity.
            key={index}
            index={index}
            count={value.questions.length}
            question={question}
            errors={errors.quiz?.questions?.[index]}
            dispatch={dispatch}
          />
        ))}
      </ol>
      {error && <p className="text-sm font-medium text-red-600">{error}</p>}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => dispatch({ type: 'addQuestion' })}
        disabled={value.questions.length >= QUIZ_MAX_QUESTIONS}
      >
        <Plus aria-hidden className="size-4" />
        {t('adminProjects.quiz.addQuestion')}
      </Button>
    </fieldset>
  );
}
