import { Description, Field, Label, Switch } from '@headlessui/react';

interface SwitchRowProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: label and hint beside a switch (Space toggles it). */
export function SwitchRow({ label, hint, checked, onChange }: SwitchRowProps) {
  return (
    <Field className="flex items-start justify-between gap-4">
      <span className="min-w-0">
        <Label className="block text-sm font-medium text-slate-900">{label}</Label>
        {hint && <Description className="text-sm text-slate-600">{hint}</Description>}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition focus:outline-none data-checked:bg-brand-text data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-text"
      >
        <span className="inline-block size-5 translate-x-1 rounded-full bg-white shadow transition group-data-checked:translate-x-6" />
      </Switch>
    </Field>
  );
}
