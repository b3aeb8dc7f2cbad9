import { Description, Field, Label, Switch } from '@headlessui/react';
import { clsx } from 'clsx';

interface KindSwitchProps {
  label: string;
  description: string;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
}

/** One notification kind's push switch, labelled and described for screen readers (Headless UI Switch). */
export function KindSwitch({ label, description, isOn, onChange }: KindSwitchProps) {
  return (
    <Field className="flex items-center justify-between gap-4 px-4 py-4 sm:px-5">
      <span className="min-w-0 flex-1">
        <Label className="block cursor-pointer text-[0.9375rem] font-medium text-slate-900">{label}</Label>
        <Description className="mt-0.5 block text-sm text-slate-600">{description}</Description>
      </span>
      <Switch
        checked={isOn}
        onChange={onChange}
        className={clsx(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text',
          isOn ? 'bg-brand-text' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden
          className={clsx(
            'pointer-events-none mt-0.5 inline-block size-5 rounded-full bg-white shadow transition',
            isOn ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </Switch>
    </Field>
  );
}
