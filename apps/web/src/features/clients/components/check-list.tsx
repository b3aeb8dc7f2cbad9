import { clsx } from 'clsx';
import { useId } from 'react';

export interface CheckOption {
  value: string;
  label: string;
  hint?: string;
}

interface CheckListProps {
  legend: string;
  hint?: string;
  options: readonly CheckOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  columns?: 'two' | 'three';
}

/** A fieldset of checkboxes editing a list of values (kept in the options' order). */
export function CheckList({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  columns = 'two',
}: CheckListProps) {
  const id = useId();
  const toggle = (option: string, checked: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      <div className={clsx('grid gap-2 sm:grid-cols-2', columns === 'three' && 'lg:grid-cols-3')}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:border-slate-300 has-checked:border-brand-text has-checked:bg-brand/5"
          >
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 rounded accent-(--color-primary-text)"
            />
            <span className="min-w-0 text-sm">
              <span className="block font-medium text-slate-900">{option.label}</span>
              {option.hint && <span className="block text-slate-600">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
