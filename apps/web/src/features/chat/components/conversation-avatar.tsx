import type { ChatConversation } from '@rally/shared';
import { FolderKanban, Megaphone, Users } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { othersOf } from '../utils/conversation';

/** A conversation's picture: the other person's (direct), else an icon of its kind in a brand-colour circle. */
export function ConversationAvatar({
  conversation,
  viewerId,
  title,
}: {
  conversation: ChatConversation;
  viewerId: string;
  title: string;
}) {
  if (conversation.kind === 'direct') {
    const other = othersOf(conversation, viewerId)[0];
    return <Avatar imageUrl={other?.image_url} name={title} />;
  }
  const Icon =
    conversation.kind === 'project' ? FolderKanban : conversation.kind === 'brand' ? Megaphone : Users;
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-text"
    >
      <Icon className="size-5" />
    </span>
  );
}
