import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { type NoticeConversation, tellLive } from '../chat.notices.ts';
import { insertChatAudit } from '../chat-inbox.repository.ts';
import { markMessageDeleted } from '../chat-messages.repository.ts';

/**
 * Deletes a message, leaving "message deleted" (the row stays, its text, files and reactions go): by its author, or
 * by an admin as moderation, which leaves an audit row. Everyone of the conversation hears of it live.
 */
export async function deleteMessage(
  ctx: AppContext,
  input: {
    clientId: string;
    conversation: NoticeConversation;
    message: { id: string; parent_id: string | null; author_id: string | null };
    by: string;
    isModeration: boolean;
  },
): Promise<void> {
  const { clientId, conversation, message, by } = input;
  const deleted = await withTransaction(ctx.db, async (tx) => {
    const changed = await markMessageDeleted(tx, { clientId, id: message.id, deletedBy: by });
    if (changed && input.isModeration) {
      await insertChatAudit(tx, {
        clientId,
        userId: by,
        action: 'chat.message.removed',
        target: message.id,
        data: { conversation_id: conversation.id, author_id: message.author_id },
      });
    }
    return changed;
  });
  if (!deleted) return;
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.message.updated',
    data: { conversation_id: conversation.id, message_id: message.id, parent_id: message.parent_id },
  });
}
