import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCannedReplies } from '../api/inbox';

/** The brand team's saved answers: choosing one puts its text into the reply. */
export function CannedRepliesMenu({
  userId,
  onInsert,
}: {
  userId: string;
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation();
  const replies = useCannedReplies(userId);
  const list = replies.data?.replies ?? [];
  return (
    <Menu>
      <MenuButton
        aria-label={t('chat.canned.open')}
        className="flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text"
      >
        <MessageSquareText aria-hidden className="size-5" />
      </MenuButton>
      <MenuItems
        anchor="top start"
        className="z-40 w-72 rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] focus:outline-none"
      >
        {list.length === 0 ? (
          <MenuItem disabled>
            <p className="px-3 py-2 text-sm text-slate-600">
              {replies.isPending ? t('chat.canned.loading') : t('chat.canned.empty')}
            </p>
          </MenuItem>
        ) : (
          list.map((reply) => (
            <MenuItem key={reply.id}>
              <button
                type="button"
                onClick={() => onInsert(reply.body)}
                className="block w-full rounded-lg px-3 py-2 text-left data-focus:bg-slate-100"
              >
                <span className="block text-sm font-semibold text-slate-900">{reply.title}</span>
                <span className="line-clamp-2 block text-xs text-slate-600">{reply.body}</span>
              </button>
            </MenuItem>
          ))
        )}
      </MenuItems>
    </Menu>
  );
}
