import { type ApplicationQuestion, CHANNEL_NAMES, QUESTION_TYPES, SOCIAL_CHANNELS } from '@rally/shared';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

const selectClasses =
  'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25';

interface QuestionEditorProps {
  question: ApplicationQuestion;
  index: number;
  count: number;
  onChange: (question: ApplicationQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One question of the form builder: kind, label, hint, required, choices or network; move and remove. */
export function QuestionEditor({
  question: q,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<ApplicationQuestion>) => onChange({ ...q, ...patch });
  const isChoice = q.type === 'single_choice' || q.type === 'multiple_choice';
  const name = q.label || t('applicants.builder.questionN', { n: index + 1 });
  return (
    <li className="space-y-4 rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {t('applicants.builder.questionN', { n: index + 1 })}
        </p>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={t('applicants.builder.moveUp', { name })}
          >
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={t('applicants.builder.moveDown', { name })}
          >
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('applicants.builder.remove', { name })}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('applicants.builder.type')}>
          {(control) => (
            <select
              {...control}
              className={selectClasses}
              value={q.type}
              onChange={(e) => {
                const type = e.target.value as ApplicationQuestion['type'];
                const choice = type === 'single_choice' || type === 'multiple_choice';
                set({
                  type,
                  options: choice ? (q.options.length >= 2 ? q.options : ['', '']) : [],
                  channel: type === 'social_handle' ? (q.channel ?? 'instagram') : null,
                });
              }}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`applicants.types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {q.type === 'social_handle' && (
          <Field label={t('applicants.builder.channel')}>
            {(control) => (
              <select
                {...control}
                className={selectClasses}
                value={q.channel ?? 'instagram'}
                onChange={(e) => set({ channel: e.target.value as ApplicationQuestion['channel'] })}
              >
                {SOCIAL_CHANNELS.filter((c) => !c.endsWith('_legacy')).map((c) => (
                  <option key={c} value={c}>
                    {CHANNEL_NAMES[c]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <Field
        label={q.type === 'consent' ? t('applicants.builder.consentText') : t('applicants.builder.label')}
      >
        {(control) => <Input {...control} value={q.label} onChange={(e) => set({ label: e.target.value })} />}
      </Field>
      <Field label={t('applicants.builder.help')}>
        {(control) => (
          <Input {...control} value={q.help ?? ''} onChange={(e) => set({ help: e.target.value || null })} />
        )}
      </Field>
      {isChoice && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('applicants.builder.options')}</legend>
          {q.options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: choices are plain texts that may repeat while typed; the position is their identity.
            <div key={i} className="flex gap-2">
              <Input
                aria-label={t('applicants.builder.optionN', { n: i + 1 })}
                value={option}
                onChange={(e) => set({ options: q.options.map((o, j) => (j === i ? e.target.value : o)) })}
              />
              <Button
                type="button"
                variant="ghost"
                onClick={() => set({ options: q.options.filter((_, j) => j !== i) })}
                aria-label={t('applicants.builder.removeOption', { n: i + 1 })}
              >
                <X aria-hidden className="size-4" />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => set({ options: [...q.options, ''] })}
          >
            <Plus aria-hidden className="size-4" />
            {t('applicants.builder.addOption')}
          </Button>
        </fieldset>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={q.required}
          onChange={(e) => set({ required: e.target.checked })}
          className="size-4 accent-(--color-primary-text)"
        />
        {t('applicants.builder.required')}
      </label>
    </li>
  );
}
