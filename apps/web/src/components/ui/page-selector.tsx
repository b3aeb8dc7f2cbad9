import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { findActiveTab } from '../../utils/active-tab';
import type { TabLink } from './tab-nav';

interface PageSelectorProps {
  items: readonly TabLink[];
  /** Visible label, "Select a page". */
  label: string;
  className?: string;
}

/** Phone replacement for tabs when there are more than 3 (SPEC 2): a listbox that navigates. */
export function PageSelector({ items, label, className }: PageSelectorProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A page outside the list (e.g. one the user may not open) leaves the selector on its placeholder.
  const current = findActiveTab(items, pathname);
  return (
    <Field className={clsx('space-y-1.5', className)}>
      <Label className="block text-sm font-medium text-slate-700">{label}</Label>
      <Listbox value={current?.path ?? null} onChange={(path: string | null) => path && navigate(path)}>
        <ListboxButton className="flex h-11 w-full items-center justify-between rounded-xl border border-slate-300 bg-white px-3.5 text-left text-base font-medium shadow-xs focus:outline-none data-focus:border-brand-text data-focus:ring-3 data-focus:ring-brand/25">
          <span className={clsx('truncate', !current && 'text-slate-500')}>{current?.label ?? label}</span>
          <ChevronDown aria-hidden className="size-4 text-slate-500" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          transition
          className="z-40 w-(--button-width) rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] focus:outline-none data-closed:opacity-0 transition duration-100"
        >
          {items.map((item) => (
            <ListboxOption
              key={item.path}
              value={item.path}
              className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm data-focus:bg-brand/10"
            >
              <Check aria-hidden className="invisible size-4 text-brand-text group-data-selected:visible" />
              {item.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
