import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { ChatPerson, Mention } from '@rally/shared';
import {
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { useContacts } from '../api/conversations';
import { findMentionQuery, insertMention } from '../utils/message-text';

/** Who can be mentioned: the conversation's people, or (channels) the people the member may write to. */
export type MentionSource = readonly ChatPerson[] | 'contacts';

export interface MentionInputHandle {
  focus: () => void;
  /** Puts text at the caret (a canned reply). */
  insert: (text: string) => void;
}

interface MentionInputProps {
  userId: string;
  value: string;
  onChange: (value: string) => void;
  mentions: Mention[];
  onMentionsChange: (mentions: Mention[]) => void;
  source: MentionSource;
  label: string;
  placeholder: string;
  maxLength: number;
  disabled?: boolean;
  /** Enter without Shift (and no suggestion open): send. */
  onSubmit: () => void;
  handle?: Ref<MentionInputHandle>;
  id?: string;
}

// Keys the combobox would take over; while no suggestion is shown they keep their textarea meaning.
const TEXT_KEYS = new Set(['Enter', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', 'Escape']);

/** The textarea Headless UI draws as the combobox input, keeping its textbox role (ARIA allows no other). */
function TextInput({ role: _role, 'aria-expanded': _expanded, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...props} />;
}

/**
 * The composer's text: a growing textarea with @mention suggestions (Headless UI Combobox, as the feed's composer);
 * Enter sends, Shift+Enter starts a new line.
 */
export function MentionInput(props: MentionInputProps) {
  const { t } = useTranslation();
  const { value, onChange, mentions, onMentionsChange, source } = props;
  const ref = useRef<HTMLInputElement | null>(null);
  const [cursor, setCursor] = useState(0);
  const query = findMentionQuery(value, cursor);
  const contacts = useContacts(props.userId, query?.query ?? '', source === 'contacts' && query !== null);
  const q = query?.query.toLowerCase() ?? '';
  const candidates =
    source === 'contacts'
      ? (contacts.data?.people ?? [])
      : source.filter((p) => p.id !== props.userId && p.display_name.toLowerCase().includes(q));
  const shown = query ? candidates.slice(0, 8) : [];
  const isListing = shown.length > 0;
  const valueRef = useRef(value);
  valueRef.current = value;

  useImperativeHandle(props.handle, () => ({
    focus: () => ref.current?.focus(),
    insert: (text: string) => {
      const el = ref.current;
      const at = el?.selectionStart ?? valueRef.current.length;
      const next = valueRef.current.slice(0, at) + text + valueRef.current.slice(el?.selectionEnd ?? at);
      onChange(next);
      requestAnimationFrame(() => {
        el?.focus();
        el?.setSelectionRange(at + text.length, at + text.length);
      });
    },
  }));

  const handleSelect = (person: ChatPerson | null) => {
    if (!person || !query) return;
    const next = insertMention(value, query.start, cursor, person.display_name);
    onChange(next.text);
    if (!mentions.some((m) => m.id === person.id))
      onMentionsChange([...mentions, { id: person.id, display_name: person.display_name }]);
    setCursor(next.cursor);
    requestAnimationFrame(() => ref.current?.setSelectionRange(next.cursor, next.cursor));
  };
  const handleKeyDownCapture = (event: KeyboardEvent) => {
    if (isListing || !TEXT_KEYS.has(event.key)) return;
    event.stopPropagation();
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      props.onSubmit();
    }
  };

  return (
    <Combobox<ChatPerson | null> value={null} onChange={handleSelect} by="id" disabled={props.disabled}>
      <div className="relative min-w-0 flex-1" onKeyDownCapture={handleKeyDownCapture}>
        <ComboboxInput
          as={TextInput}
          ref={ref}
          id={props.id}
          aria-label={props.label}
          displayValue={() => valueRef.current}
          value={value}
          rows={1}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          onChange={(event) => {
            onChange(event.target.value);
            setCursor(event.target.selectionStart ?? event.target.value.length);
          }}
          onSelect={(event) => setCursor(event.currentTarget.selectionStart ?? 0)}
          className="block max-h-40 min-h-11 w-full resize-none rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base [field-sizing:content] placeholder:text-slate-500 focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25 disabled:bg-slate-100"
        />
      </div>
      {isListing && (
        <ComboboxOptions
          anchor="top start"
          aria-label={t('chat.composer.suggestions')}
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
