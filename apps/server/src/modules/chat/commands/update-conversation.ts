import type { AppContext } from '../../../context.ts';
import { authorize } from '../../../lib/authorize.ts';
import { type NoticeConversation, tellLive } from '../chat.notices.ts';
import { type ConversationFacts, mayRename } from '../chat.policy.ts';
import { setMuted, setTitle } from '../chat.repository.ts';

/**
 * A member mutes or unmutes a conversation for themself (no unread count, no push), or renames a group (everyone of
 * it hears of that live). Fields left out stay as they are.
 */
export async function updateConversation(
  ctx: AppContext,
  input: {
    clientId: string;
    userId: string;
    conversation: NoticeConversation & ConversationFacts;
    change: { muted?: boolean; title?: string };
  },
): Promise<void> {
  const { clientId, userId, conversation, change } = input;
  if (change.title !== undefined) authorize(mayRename(conversation));
  const conversationId = conversation.id;
  if (change.muted !== undefined)
    await setMuted(ctx.db, { clientId, conversationId, userId, muted: change.muted });
  if (change.title !== undefined) {
    await setTitle(ctx.db, { clientId, conversationId, title: change.title || null });
  }
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.conversation',
    data: { conversation_id: conversationId },
    ...(change.title === undefined ? { only: [userId] } : {}),
  });
}
