import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { CHAT_REACTIONS, type ChatMessage, type ChatReactionEmoji } from '@rally/shared';
import { clsx } from 'clsx';
import { SmilePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The i18n key of each reaction's name (chat.reactions.names.*). */
const NAMES: Record<ChatReactionEmoji, string> = {
  '👍': 'thumbsUp',
  '❤️': 'heart',
  '😂': 'laugh',
  '🎉': 'party',
  '😮': 'wow',
  '😢': 'sad',
  '🙏': 'thanks',
  '👀': 'eyes',
};

interface ReactionProps {
  message: ChatMessage;
  onToggle: (emoji: ChatReactionEmoji, isOn: boolean) => void;
}

/** The "Add reaction" menu: the fixed set of reactions, each toggling the viewer's own. */
export function ReactionPicker({ message, onToggle }: ReactionProps) {
  const { t } = useTranslation();
  const mine = new Set(message.reactions.filter((r) => r.mine).map((r) => r.emoji));
  return (
    <Menu>
      <MenuButton
        aria-label={t('chat.reactions.add')}
        className="flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text"
      >
        <SmilePlus aria-hidden className="size-4" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 grid grid-cols-4 gap-1 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg [--anchor-gap:4px] focus:outline-none"
      >
        {CHAT_REACTIONS.map((emoji) => (
          <MenuItem key={emoji}>
            <button
              type="button"
              aria-label={t(`chat.reactions.names.${NAMES[emoji]}`)}
              onClick={() => onToggle(emoji, !mine.has(emoji))}
              className={clsx(
                'flex size-10 items-center justify-center rounded-lg text-xl data-focus:bg-slate-100',
                mine.has(emoji) && 'bg-brand/10',
              )}
            >
              <span aria-hidden>{emoji}</span>
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

/** The reactions a message has: each a toggle of the viewer's own (pressed when theirs). */
export function ReactionChips({ message, onToggle }: ReactionProps) {
  const { t } = useTranslation();
  if (message.reactions.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('chat.reactions.label')}>
      {message.reactions.map((reaction) => (
        <li key={reaction.emoji}>
          <button
            type="button"
            aria-pressed={reaction.mine}
            disabled={!message.abilities.can_react}
            aria-label={t('chat.reactions.chip', {
              name: t(`chat.reactions.names.${NAMES[reaction.emoji]}`),
              count: reaction.count,
            })}
            onClick={() => onToggle(reaction.emoji, !reaction.mine)}
            className={clsx(
              'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm transition',
              reaction.mine
                ? 'border-brand-text bg-brand/10 text-slate-900'
                : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <span aria-hidden className="text-xs font-semibold">
              {reaction.count}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
