import type { ChatPerson, Mention } from '@rally/shared';
import type { Ref } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MentionField, type MentionFieldHandle } from '../../../components/ui/mention-field';
import { contactsOf, useContacts } from '../api/conversations';

/** Who can be mentioned: the conversation's people, or (channels) the people the member may write to. */
export type MentionSource = readonly ChatPerson[] | 'contacts';

export type MentionInputHandle = MentionFieldHandle;

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

/** The composer's text: a growing textarea with @mention suggestions; Enter sends, Shift+Enter starts a new line. */
export function MentionInput({ userId, source, ...props }: MentionInputProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<string | null>(null);
  const contacts = useContacts(userId, query ?? '', source === 'contacts' && query !== null);
  const q = query?.toLowerCase() ?? '';
  const candidates =
    source === 'contacts'
      ? contactsOf(contacts.data)
      : source.filter((p) => p.id !== userId && p.display_name.toLowerCase().includes(q));
  return (
    <MentionField
      {...props}
      rows={1}
      anchor="top start"
      onQueryChange={setQuery}
      candidates={candidates}
      suggestionsLabel={t('chat.composer.suggestions')}
      wrapperClassName="min-w-0 flex-1"
      className="max-h-40 min-h-11 resize-none [field-sizing:content]"
    />
  );
}
