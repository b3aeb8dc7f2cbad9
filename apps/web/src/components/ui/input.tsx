import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

const control =
  'block w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 shadow-xs transition ' +
  'placeholder:text-slate-500 focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25 ' +
  'disabled:bg-slate-100 disabled:text-slate-500';

function stateClasses(invalid: ComponentProps<'input'>['aria-invalid']): string {
  return invalid === true || invalid === 'true' ? 'border-red-500' : 'border-slate-300';
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input className={clsx(control, 'h-11', stateClasses(props['aria-invalid']), className)} {...props} />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={clsx(control, 'min-h-28 py-2.5', stateClasses(props['aria-invalid']), className)}
      {...props}
    />
  );
}
