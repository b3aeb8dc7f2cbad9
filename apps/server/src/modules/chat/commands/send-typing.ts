import type { AppContext } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import { shouldPassTyping } from '../chat.live.ts';
import { audienceOf, type NoticeConversation, tellLive } from '../chat.notices.ts';

/**
 * Tells the other people of a conversation (live only, nothing stored) that someone is typing, at most once per
 * CHAT_TYPING_INTERVAL_MS per person, conversation and thread.
 */
export async function sendTyping(
  ctx: AppContext,
  input: {
    clientId: string;
    userId: string;
    conversation: NoticeConversation & { archived_at: Date | string | null };
    parentId: string | null;
  },
): Promise<void> {
  const { clientId, userId, conversation, parentId } = input;
  if (conversation.archived_at !== null)
    throw conflict('This channel is closed for new messages', 'archived');
  if (!shouldPassTyping(`${clientId}:${conversation.id}:${parentId ?? ''}:${userId}`)) return;
  const others = (await audienceOf(ctx, clientId, conversation)).filter((id) => id !== userId);
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.typing',
    data: { conversation_id: conversation.id, user_id: userId, parent_id: parentId },
    only: others,
  });
}
