import { type ApplicationQuestion, CHANNEL_HOSTS, CHANNEL_NAMES } from '@rally/shared';
import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';

export type AnswerValue = string | string[] | boolean | undefined;

interface QuestionFieldProps {
  question: ApplicationQuestion;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  /** A file picked for a file question (uploaded by the caller). */
  onFile?: (file: File | null) => void;
  /** Name of the file chosen or already uploaded. */
  fileName?: string | null;
  error?: string;
}

const labelOf = (q: ApplicationQuestion, optional: string) =>
  q.required ? q.label : `${q.label} ${optional}`;

/** One question of an application form as an accessible control, with its hint and error. */
export function QuestionField({ question: q, value, onChange, onFile, fileName, error }: QuestionFieldProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const label = labelOf(q, t('applicants.apply.optional'));
  if (q.type === 'single_choice' || q.type === 'multiple_choice') {
    const isMulti = q.type === 'multiple_choice';
    const chosen = isMulti ? (Array.isArray(value) ? value : []) : value;
    return (
      <fieldset
        aria-describedby={clsx(q.help && `${groupId}-hint`, error && `${groupId}-error`) || undefined}
        aria-invalid={error ? true : undefined}
        className="space-y-2"
      >
        <legend className="text-sm font-medium text-slate-800">{label}</legend>
        {q.help && (
          <p id={`${groupId}-hint`} className="text-sm text-slate-500">
            {q.help}
          </p>
        )}
        <div className="space-y-1.5">
          {q.options.map((option) => {
            const isChecked = isMulti ? (chosen as string[]).includes(option) : chosen === option;
            return (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3.5 py-2 text-[0.9375rem] has-checked:border-brand-text has-checked:bg-brand/5"
              >
                <input
                  type={isMulti ? 'checkbox' : 'radio'}
                  name={`${groupId}-${q.id}`}
                  checked={isChecked}
                  onChange={() => {
                    if (!isMulti) return onChange(option);
                    const list = chosen as string[];
                    onChange(isChecked ? list.filter((o) => o !== option) : [...list, option]);
                  }}
                  className="size-4 accent-(--color-primary-text)"
                />
                {option}
              </label>
            );
          })}
        </div>
        {error && (
          <p id={`${groupId}-error`} className="text-sm font-medium text-red-600">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  if (q.type === 'consent') {
    return (
      <div className="space-y-1.5">
        <label className="flex cursor-pointer items-start gap-3 text-[0.9375rem] text-slate-800">
          <input
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${groupId}-error` : undefined}
            className="mt-1 size-4 accent-(--color-primary-text)"
          />
          <span>{label}</span>
        </label>
        {q.help && <p className="pl-7 text-sm text-slate-500">{q.help}</p>}
        {error && (
          <p id={`${groupId}-error`} className="pl-7 text-sm font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const hint =
    q.help ??
    (q.type === 'social_handle' && q.channel
      ? t('applicants.apply.profileHint', {
          network: CHANNEL_NAMES[q.channel],
          example: `https://${CHANNEL_HOSTS[q.channel][0]}/yourname`,
        })
      : undefined);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => {
        if (q.type === 'long_text') {
          return <Textarea {...control} value={text} onChange={(e) => onChange(e.target.value)} />;
        }
        if (q.type === 'file') {
          return (
            <div className="space-y-1">
              <input
                {...control}
                type="file"
                accept="image/*,video/*"
                onChange={(e) => onFile?.(e.target.files?.[0] ?? null)}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
              />
              {fileName && (
                <p className="text-sm text-slate-600">
                  {t('applicants.apply.fileChosen', { name: fileName })}
                </p>
              )}
            </div>
          );
        }
        return (
          <Input
            {...control}
            type={q.type === 'social_handle' ? 'url' : 'text'}
            inputMode={q.type === 'social_handle' ? 'url' : undefined}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      }}
    </Field>
  );
}
