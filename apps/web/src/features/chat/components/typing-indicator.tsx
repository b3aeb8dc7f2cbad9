import { useTranslation } from 'react-i18next';
import { useTypingUsers } from '../hooks/use-typing';

/** "Sofia is typing…" under a conversation or thread, for a few seconds after each typing event. */
export function TypingIndicator({
  conversationId,
  parentId,
  nameOf,
}: {
  conversationId: string;
  parentId: string | null;
  /** The display name of a person of the conversation, when known. */
  nameOf: (userId: string) => string | null;
}) {
  const { t } = useTranslation();
  const names = useTypingUsers(conversationId, parentId).map((id) => nameOf(id) ?? t('chat.typing.someone'));
  const text =
    names.length === 0
      ? ''
      : names.length === 1
        ? t('chat.typing.one', { name: names[0] })
        : names.length === 2
          ? t('chat.typing.two', { first: names[0], second: names[1] })
          : t('chat.typing.many');
  return (
    <p aria-live="polite" className="h-5 truncate px-4 text-xs text-slate-600 italic">
      {text}
    </p>
  );
}
