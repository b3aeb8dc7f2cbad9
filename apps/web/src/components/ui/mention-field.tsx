import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { Mention } from '@rally/shared';
import { clsx } from 'clsx';
import {
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { findMentionQuery, insertMention } from '../../utils/rich-text';
import { Avatar } from './avatar';

/** Someone the member may mention. */
export interface MentionPerson {
  id: string;
  display_name: string;
  image_url: string | null;
}

export interface MentionFieldHandle {
  focus: () => void;
  /** Puts text at the caret (e.g. a canned reply). */
  insert: (text: string) => void;
}

interface MentionFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Members chosen from the suggestions so far. */
  mentions: Mention[];
  onMentionsChange: (mentions: Mention[]) => void;
  /** The `@query` being typed, or null when none: the caller answers with `candidates`. */
  onQueryChange: (query: string | null) => void;
  /** Who matches the current query (the caller fetches or filters them); shown only while a query is typed. */
  candidates: readonly MentionPerson[];
  label: string;
  suggestionsLabel: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  id?: string;
  /** Where the suggestions open: below a form field, above a composer pinned to the bottom. */
  anchor?: 'bottom start' | 'top start';
  /** When given, Enter without Shift (and no suggestion open) calls it; Shift+Enter starts a new line. */
  onSubmit?: () => void;
  handle?: Ref<MentionFieldHandle>;
  className?: string;
  wrapperClassName?: string;
}

// Keys the combobox would take over; while no suggestion is shown they keep their textarea meaning.
const TEXT_KEYS = new Set(['Enter', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', 'Escape']);

/**
 * The textarea Headless UI draws as the combobox input, keeping its own textbox role: ARIA in HTML allows no other
 * role on a textarea. The suggestions stay linked by aria-controls, aria-autocomplete and aria-activedescendant;
 * aria-expanded belongs to the combobox role, so it is left out with it.
 */
function TextInput({ role: _role, 'aria-expanded': _expanded, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...props} />;
}

/**
 * A textarea with @mention autocomplete (Headless UI Combobox), used by the feed and by chat: typing `@` and part
 * of a name lists matching people; choosing one writes `@{display name}` and remembers the person.
 */
export function MentionField(props: MentionFieldProps) {
  const { value, onChange, mentions, onMentionsChange, onQueryChange } = props;
  // Headless UI types the input as an <input>; it is rendered as a <textarea>.
  const ref = useRef<HTMLInputElement | null>(null);
  const [cursor, setCursor] = useState(0);
  const query = findMentionQuery(value, cursor);
  const queryText = query ? query.query : null;
  useEffect(() => onQueryChange(queryText), [queryText, onQueryChange]);
  const shown = query ? props.candidates.slice(0, 8) : [];
  const isListing = shown.length > 0;
  const valueRef = useRef(value);
  valueRef.current = value;

  useImperativeHandle(props.handle, () => ({
    focus: () => ref.current?.focus(),
    insert: (text: string) => {
      const el = ref.current;
      const at = el?.selectionStart ?? valueRef.current.length;
      onChange(valueRef.current.slice(0, at) + text + valueRef.current.slice(el?.selectionEnd ?? at));
      requestAnimationFrame(() => {
        el?.focus();
        el?.setSelectionRange(at + text.length, at + text.length);
      });
    },
  }));

  const handleSelect = (person: MentionPerson | null) => {
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
    if (isListing || !TEXT_KEYS.has(event.key)) return;
    event.stopPropagation();
    if (props.onSubmit && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      props.onSubmit();
    }
  };

  return (
    <Combobox<MentionPerson | null> value={null} onChange={handleSelect} by="id" disabled={props.disabled}>
      <div className={clsx('relative', props.wrapperClassName)} onKeyDownCapture={handleKeyDownCapture}>
        <ComboboxInput
          as={TextInput}
          ref={ref}
          id={props.id}
          aria-label={props.label}
          // The combobox shows no value of its own: closing it must leave the member's text in place.
          displayValue={() => valueRef.current}
          value={value}
          rows={props.rows ?? 3}
          maxLength={props.maxLength}
          autoFocus={props.autoFocus}
          placeholder={props.placeholder}
          onChange={(event) => {
            onChange(event.target.value);
            setCursor(event.target.selectionStart ?? event.target.value.length);
          }}
          onSelect={(event) => setCursor(event.currentTarget.selectionStart ?? 0)}
          className={clsx(
            'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base placeholder:text-slate-500',
            'focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25 disabled:bg-slate-100',
            props.className,
          )}
        />
      </div>
      {isListing && (
        <ComboboxOptions
          anchor={props.anchor ?? 'bottom start'}
          aria-label={props.suggestionsLabel}
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
