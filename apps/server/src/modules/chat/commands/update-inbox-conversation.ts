import type { AppContext } from '../../../context.ts';
import { authorize } from '../../../lib/authorize.ts';
import { type NoticeConversation, tellLive } from '../chat.notices.ts';
import { mayBeAssigned } from '../chat.policy.ts';
import { findBrandTeamIds, getColleague, updateInboxConversation } from '../chat-inbox.repository.ts';

/**
 * The brand team assigns a member's brand-team conversation to a colleague (an ADMIN or ANALYST of the client; null
 * for nobody), resolves it or reopens it. Fields left out stay as they are; the brand team hears of it live (the
 * member does not).
 */
export async function updateInboxConversationState(
  ctx: AppContext,
  input: {
    clientId: string;
    conversation: NoticeConversation;
    change: { assignee_id?: string | null; status?: 'open' | 'resolved' };
  },
): Promise<void> {
  const { clientId, conversation, change } = input;
  if (change.assignee_id) {
    const colleague = await getColleague(ctx.db, { clientId, userId: change.assignee_id });
    authorize(mayBeAssigned(colleague));
  }
  await updateInboxConversation(ctx.db, {
    clientId,
    conversationId: conversation.id,
    assigneeId: change.assignee_id,
    status: change.status,
  });
  const team = await findBrandTeamIds(ctx.db, { clientId, memberId: conversation.member_id });
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.conversation',
    data: { conversation_id: conversation.id },
    only: team,
  });
}
