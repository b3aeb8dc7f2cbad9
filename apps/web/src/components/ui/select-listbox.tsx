import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';

interface SelectListboxProps<T extends string> {
  /** Visible label of the select. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A labelled single-choice listbox (for phones, where a row of segments would not fit). */
export function SelectListbox<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SelectListboxProps<T>) {
  const current = options.find((option) => option.value === value);
  return (
    // A column with gaps, not space-y: Headless UI leaves hidden elements after the button, which space-y would give
    // a margin, so the select stood taller than a text field beside it.
    <Field className={clsx('flex flex-col gap-1.5', className)}>
      <Label className="block text-sm font-medium text-slate-700">{label}</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton className="flex h-11 w-full items-center justify-between rounded-xl border border-slate-300 bg-white px-3.5 text-left text-base font-medium shadow-xs focus:outline-none data-focus:border-brand-text data-focus:ring-3 data-focus:ring-brand/25">
          <span className="truncate">{current?.label}</span>
          <ChevronDown aria-hidden className="size-4 text-slate-500" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          transition
          className="z-40 w-(--button-width) rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] focus:outline-none data-closed:opacity-0 transition duration-100"
        >
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm data-focus:bg-brand/10"
            >
              <Check aria-hidden className="invisible size-4 text-brand-text group-data-selected:visible" />
              {option.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
