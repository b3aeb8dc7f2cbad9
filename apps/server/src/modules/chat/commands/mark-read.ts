import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { type NoticeConversation, tellLive } from '../chat.notices.ts';
import {
  advanceReadPointer,
  advanceStaffReadPointer,
  markChatNotificationsRead,
} from '../chat.repository.ts';
import { findBrandTeamIds } from '../chat-inbox.repository.ts';
import { followThread } from '../chat-messages.repository.ts';

/**
 * Moves a read pointer forward to a message (never back): a member's pointer of the conversation for one of its
 * messages, of the thread for a reply (the member then follows the thread); with `asBrandTeam`, the brand team's
 * shared pointer of a member's brand-team conversation. A member's chat pushes up to it are marked read, so the badge
 * of their other devices clears on the next sync. The reader's other devices hear of it live, and in direct, group and
 * brand conversations the other people too (a channel's hundreds of members do not).
 */
export async function markRead(
  ctx: AppContext,
  input: {
    clientId: string;
    userId: string;
    conversation: NoticeConversation;
    message: { id: string; parent_id: string | null };
    asBrandTeam?: boolean;
  },
): Promise<void> {
  const { clientId, userId, conversation, message } = input;
  const conversationId = conversation.id;
  const data = {
    conversation_id: conversationId,
    user_id: userId,
    message_id: message.id,
    parent_id: message.parent_id,
  };
  if (input.asBrandTeam) {
    if (message.parent_id !== null) return;
    const moved = await advanceStaffReadPointer(ctx.db, { clientId, conversationId, messageId: message.id });
    if (!moved) return;
    const team = await findBrandTeamIds(ctx.db, { clientId, memberId: conversation.member_id });
    await tellLive(ctx, { clientId, conversation, event: 'chat.read', data, only: team });
    return;
  }
  await withTransaction(ctx.db, async (tx) => {
    if (message.parent_id) {
      await followThread(tx, {
        clientId,
        rootId: message.parent_id,
        conversationId,
        userId,
        readUpTo: message.id,
      });
    } else {
      await advanceReadPointer(tx, { clientId, conversationId, userId, messageId: message.id });
    }
    await markChatNotificationsRead(tx, { clientId, userId, conversationId, upTo: message.id });
  });
  const isSmall =
    conversation.kind === 'direct' || conversation.kind === 'group' || conversation.kind === 'brand';
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.read',
    data,
    ...(isSmall ? {} : { only: [userId] }),
  });
}
