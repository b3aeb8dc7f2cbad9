import { Label, Radio, RadioGroup } from '@headlessui/react';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

export interface RadioCardOption<T extends string> {
  value: T;
  label: ReactNode;
}

interface RadioCardsProps<T extends string> {
  /** Visible label, which names the radio group. */
  label: ReactNode;
  options: readonly RadioCardOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** 'row' for short labels (channels), 'stack' for sentences (answers). */
  layout?: 'row' | 'stack';
  className?: string;
  labelClassName?: string;
}

/** A labelled radio group of tappable cards (Headless UI: arrow keys move between options). */
export function RadioCards<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  layout = 'stack',
  className,
  labelClassName,
}: RadioCardsProps<T>) {
  return (
    <RadioGroup<'div', T | null>
      value={value}
      onChange={(next) => next !== null && onChange(next)}
      disabled={disabled}
      className={clsx('space-y-2', className)}
    >
      <Label className={clsx('block text-sm font-medium text-slate-800', labelClassName)}>{label}</Label>
      <div className={layout === 'row' ? 'flex flex-wrap gap-2' : 'grid gap-2'}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={clsx(
              'group flex cursor-pointer items-center gap-2.5 rounded-xl border bg-white text-sm font-medium text-slate-800 transition',
              'border-slate-300 hover:border-slate-400 data-checked:border-brand-text data-checked:bg-brand/5 data-checked:text-slate-900',
              'focus:outline-none data-focus:ring-3 data-focus:ring-brand/25 data-disabled:cursor-not-allowed data-disabled:opacity-60',
              layout === 'row' ? 'h-10 px-3.5' : 'min-h-11 px-3.5 py-2.5',
            )}
          >
            <span className="flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-400 group-data-checked:border-brand-text group-data-checked:bg-brand-text">
              <Check aria-hidden className="invisible size-3 text-white group-data-checked:visible" />
            </span>
            <span className="min-w-0">{option.label}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
