import { Radio, RadioGroup } from '@headlessui/react';
import { clsx } from 'clsx';

interface SegmentedControlProps<T extends string> {
  /** Accessible name of the group. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A one-of-few choice shown as joined segments (a radio group, so arrow keys move the choice). */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  return (
    <RadioGroup
      value={value}
      onChange={onChange}
      aria-label={label}
      className={clsx('inline-flex flex-wrap gap-1 rounded-xl bg-slate-200/70 p-1', className)}
    >
      {options.map((option) => (
        <Radio
          key={option.value}
          value={option.value}
          className="cursor-pointer rounded-lg px-3.5 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 focus:outline-none data-checked:bg-white data-checked:text-slate-900 data-checked:shadow-sm data-focus:ring-2 data-focus:ring-brand/40"
        >
          {option.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}
