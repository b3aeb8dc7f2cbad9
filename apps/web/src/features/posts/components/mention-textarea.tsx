import type { Mention } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MentionField } from '../../../components/ui/mention-field';
import { useUser } from '../../../lib/auth';
import { useMentionCandidates } from '../api/get-mentions';

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

/** A post's or comment's text with @mention suggestions from the client's members. */
export function MentionTextarea({ className, ...props }: MentionTextareaProps) {
  const { t } = useTranslation();
  const user = useUser();
  const [query, setQuery] = useState<string | null>(null);
  const candidates = useMentionCandidates(user?.id ?? '', query);
  return (
    <MentionField
      {...props}
      onQueryChange={setQuery}
      candidates={candidates.data?.members ?? []}
      suggestionsLabel={t('feed.mentions.suggestions')}
      className={`resize-y shadow-xs ${className ?? ''}`}
    />
  );
}
