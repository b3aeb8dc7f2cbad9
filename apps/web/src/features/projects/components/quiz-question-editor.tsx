import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import {
  QUIZ_MAX_OPTIONS,
  QUIZ_MIN_OPTIONS,
  type QuizAction,
  type QuizQuestionDraft,
} from '../utils/quiz-builder';

interface QuizQuestionEditorProps {
  index: number;
  count: number;
  question: QuizQuestionDraft;
  errors: FieldErrors<QuizQuestionDraft> | undefined;
  dispatch: (action: QuizAction) => void;
}

const iconButton = 'w-9 px-0';

/** One quiz question: its text, its options with the right one marked by a radio, and its controls. */
export function QuizQuestionEditor({ index, count, question, errors, dispatch }: QuizQuestionEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const n = index + 1;
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-3.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold text-slate-900">
          {t('adminProjects.quiz.question', { n })}
        </label>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            className={iconButton}
            disabled={index === 0}
            aria-label={t('adminProjects.quiz.moveUp', { n })}
            onClick={() => dispatch({ type: 'moveQuestion', index, by: -1 })}
          >
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={iconButton}
            disabled={index === count - 1}
            aria-label={t('adminProjects.quiz.moveDown', { n })}
            onClick={() => dispatch({ type: 'moveQuestion', index, by: 1 })}
          >
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={`${iconButton} text-red-700 hover:bg-red-50`}
            aria-label={t('adminProjects.quiz.removeQuestion', { n })}
            onClick={() => dispatch({ type: 'removeQuestion', index })}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <Input
        id={`${id}-q`}
        value={question.question}
        onChange={(event) => dispatch({ type: 'setQuestion', index, text: event.target.value })}
        aria-invalid={errors?.question ? true : undefined}
      />
      {errors?.question?.message && (
        <p className="text-sm font-medium text-red-600">{errors.question.message}</p>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-xs font-medium text-slate-600">
          {t('adminProjects.quiz.optionsHint')}
        </legend>
        {question.options.map((option, o) => {
          const optionError = errors?.options?.[o]?.message;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings; the position is their identity.
            <div key={o}>
              <div className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-answer`}
                  checked={question.answer === o}
                  onChange={() => dispatch({ type: 'setAnswer', index, option: o })}
                  aria-label={t('adminProjects.quiz.correct', { n: o + 1 })}
                  className="size-5 shrink-0 accent-(--color-primary-text)"
                />
                <Input
                  value={option}
                  onChange={(event) =>
                    dispatch({ type: 'setOption', index, option: o, text: event.target.value })
                  }
                  aria-label={t('adminProjects.quiz.option', { q: n, n: o + 1 })}
                  aria-invalid={optionError ? true : undefined}
                  className="h-10 flex-1"
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className={iconButton}
                  disabled={question.options.length <= QUIZ_MIN_OPTIONS}
                  aria-label={t('adminProjects.quiz.removeOption', { q: n, n: o + 1 })}
                  onClick={() => dispatch({ type: 'removeOption', index, option: o })}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
              {optionError && <p className="mt-1 pl-7 text-sm font-medium text-red-600">{optionError}</p>}
            </div>
          );
        })}
      </fieldset>
      <Button
        variant="ghost"
        size="sm"
        disabled={question.options.length >= QUIZ_MAX_OPTIONS}
        onClick={() => dispatch({ type: 'addOption', index })}
      >
        <Plus aria-hidden className="size-4" />
        {t('adminProjects.quiz.addOption')}
      </Button>
    </li>
  );
}
