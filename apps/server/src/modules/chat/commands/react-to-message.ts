import type { ChatReactionEmoji } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import { type NoticeConversation, tellLive } from '../chat.notices.ts';
import { addReaction, removeReaction } from '../chat-messages.repository.ts';

/**
 * Adds (`isOn`) or takes back the member's reaction to a published message; everyone of the conversation hears of a
 * change live. Adding one twice, or taking back one never given, changes nothing.
 */
export async function reactToMessage(
  ctx: AppContext,
  input: {
    clientId: string;
    userId: string;
    conversation: NoticeConversation;
    message: { id: string; parent_id: string | null; status: string; deleted_at: Date | string | null };
    emoji: ChatReactionEmoji;
    isOn: boolean;
  },
): Promise<void> {
  const { clientId, userId, conversation, message, emoji } = input;
  if (message.deleted_at !== null || message.status !== 'published')
    throw conflict('Only published messages can get reactions', 'not_reactable');
  const ref = { clientId, messageId: message.id, userId, emoji };
  const changed = input.isOn ? await addReaction(ctx.db, ref) : await removeReaction(ctx.db, ref);
  if (!changed) return;
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.reaction',
    data: { conversation_id: conversation.id, message_id: message.id, parent_id: message.parent_id },
  });
}
