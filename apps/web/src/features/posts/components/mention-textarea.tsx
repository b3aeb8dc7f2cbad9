import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { Mention, MentionCandidate } from '@rally/shared';
import { clsx } from 'clsx';
import { type ComponentProps, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { useUser } from '../../../lib/auth';
import { useMentionCandidates } from '../api/get-mentions';
import { findMentionQuery, insertMention } from '../utils/post-text';

interface MentionTextareaProps {
  value: string;
  onChange: (value: string) => void;
  /** Members chosen from the suggestions so far. */
  mentions: Mention[];
  onMentionsChange: (mentions: Mention[]) => void;
  label: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  autoFocus?: boolean;
  className?: string;
}

// Keys the combobox would take over; while no suggestion is shown they keep their textarea meaning.
const TEXT_KEYS = new Set(['Enter', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', 'Escape']);

/**
 * The textarea Headless UI draws as the combobox input, keeping its own textbox role: ARIA in HTML allows no other
 * role on a textarea. The suggestions stay linked by aria-controls, aria-autocomplete and aria-activedescendant;
 * aria-expanded belongs to the combobox role, so it is left out with it.
 */
function MentionInput({ role: _role, 'aria-expanded': _expanded, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...props} />;
}

/**
 * A textarea with @mention autocomplete (Headless UI Combobox): typing `@` and part of a name lists the
 * client's matching members; choosing one writes `@{display name}` and remembers the member.
 */
export function MentionTextarea({
  value,
  onChange,
  mentions,
  onMentionsChange,
  label,
  placeholder,
  rows = 3,
  maxLength,
  autoFocus,
  className,
}: MentionTextareaProps) {
  const { t } = useTranslation();
  const user = useUser();
  // Headless UI types the input as an <input>; it is rendered as a <textarea>.
  const ref = useRef<HTMLInputElement | null>(null);
  const [cursor, setCursor] = useState(0);
  const query = findMentionQuery(value, cursor);
  const candidates = useMentionCandidates(user?.id ?? '', query ? query.query : null);
  const shown = query ? (candidates.data?.members ?? []) : [];
  const isListing = shown.length > 0;
  const valueRef = useRef(value);
  valueRef.current = value;

  const handleSelect = (person: MentionCandidate | null) => {
    if (!person || !query) return;
    const next = insertMention(value, query.start, cursor, person.display_name);
    onChange(next.text);
    if (!mentions.some((m) => m.id === person.id))
      onMentionsChange([...mentions, { id: person.id, display_name: person.display_name }]);
    setCursor(next.cursor);
    requestAnimationFrame(() => ref.current?.setSelectionRange(next.cursor, next.cursor));
  };
  // Without suggestions, the textarea keeps its own keys (new lines, moving the caret).
  const handleKeyDownCapture = (event: KeyboardEvent) => {
    if (!isListing && TEXT_KEYS.has(event.key)) event.stopPropagation();
  };

  return (
    <Combobox<MentionCandidate | null> value={null} onChange={handleSelect} by="id">
      <div className="relative" onKeyDownCapture={handleKeyDownCapture}>
        <ComboboxInput
          as={MentionInput}
          ref={ref}
          aria-label={label}
          // The combobox shows no value of its own: closing it must leave the member's text in place.
          displayValue={() => valueRef.current}
          value={value}
          rows={rows}
          maxLength={maxLength}
          autoFocus={autoFocus}
          placeholder={placeholder}
          onChange={(event) => {
            onChange(event.target.value);
            setCursor(event.target.selectionStart ?? event.target.value.length);
          }}
          onSelect={(event) => setCursor(event.currentTarget.selectionStart ?? 0)}
          className={clsx(
            'block w-full resize-y rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base shadow-xs',
            'focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25',
            className,
          )}
        />
      </div>
      {isListing && (
        <ComboboxOptions
          anchor="bottom start"
          aria-label={t('feed.mentions.suggestions')}
          className="z-[60] max-h-64 w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px]"
        >
          {shown.map((person) => (
            <ComboboxOption
              key={person.id}
              value={person}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm data-focus:bg-brand/10"
            >
              <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
              <span className="truncate font-medium text-slate-900">{person.display_name}</span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      )}
    </Combobox>
  );
}
