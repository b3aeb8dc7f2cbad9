import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { ChatPerson } from '@rally/shared';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useColleagues } from '../api/inbox';

/** "Assigned to": the colleague answering a member's line (an admin or lead of the client), or nobody. */
export function AssigneeSelect({
  userId,
  assignee,
  disabled,
  onChange,
}: {
  userId: string;
  assignee: ChatPerson | null;
  disabled: boolean;
  onChange: (assigneeId: string | null) => void;
}) {
  const { t } = useTranslation();
  const colleagues = useColleagues(userId);
  const people = colleagues.data ?? [];
  // The current assignee stays choosable even when the list the viewer may see leaves them out.
  const options = assignee && !people.some((p) => p.id === assignee.id) ? [assignee, ...people] : people;
  const nameOf = (id: string) =>
    id === userId
      ? t('chat.inbox.me', { name: options.find((p) => p.id === id)?.display_name ?? '' })
      : (options.find((p) => p.id === id)?.display_name ?? '');
  const value = assignee?.id ?? '';
  return (
    <Field className="flex min-w-0 items-center gap-2" disabled={disabled}>
      <Label className="shrink-0 text-sm font-medium text-slate-700">{t('chat.inbox.assignLabel')}</Label>
      <Listbox value={value} onChange={(id: string) => onChange(id || null)}>
        <ListboxButton className="flex h-9 min-w-0 max-w-56 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-left text-sm font-medium focus:outline-none data-focus:border-brand-text data-focus:ring-3 data-focus:ring-brand/25">
          <span className="truncate">{value ? nameOf(value) : t('chat.inbox.nobody')}</span>
          <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-500" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom end"
          className="z-40 max-h-72 w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] focus:outline-none"
        >
          {[{ id: '', display_name: t('chat.inbox.nobody') }, ...options].map((person) => (
            <ListboxOption
              key={person.id || 'nobody'}
              value={person.id}
              className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-brand/10"
            >
              <Check aria-hidden className="invisible size-4 text-brand-text group-data-selected:visible" />
              {person.id ? nameOf(person.id) : person.display_name}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
