import { CHAT_GROUP_MAX_MEMBERS } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { authorize } from '../../../lib/authorize.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { tellLive } from '../chat.notices.ts';
import { type ChatViewer, mayAddMembers, mayRemoveMember } from '../chat.policy.ts';
import {
  deleteMember,
  findConversationMemberIds,
  insertMembers,
  type MemberConversationRow,
} from '../chat.repository.ts';
import { checkOthers } from './start-conversation.ts';

/**
 * Changes who is in a group: any member adds people the client's dm_policy lets them message (the group stays within
 * CHAT_GROUP_MAX_MEMBERS; people already in it are left as they are), a member leaves (`userId` their own), the
 * starter removes someone else. Everyone of the group, and whoever left or was removed, hears of it live.
 */
export async function changeGroupMembers(
  ctx: AppContext,
  viewer: ChatViewer,
  conversation: MemberConversationRow,
  change: { add: readonly string[] } | { remove: string },
): Promise<void> {
  const clientId = viewer.clientId;
  const conversationId = conversation.id;
  const before = await audience(ctx, viewer, conversation);
  if ('add' in change) {
    authorize(mayAddMembers(conversation));
    const others = await checkOthers(ctx, viewer, change.add, 'user_ids');
    const present = new Set((conversation.people ?? []).map((p) => p.id));
    const fresh = others.filter((id) => !present.has(id));
    if (Number(conversation.member_count) + fresh.length > CHAT_GROUP_MAX_MEMBERS)
      throw badRequest(`user_ids would make the group larger than ${CHAT_GROUP_MAX_MEMBERS} members`);
    await insertMembers(ctx.db, { clientId, conversationId, userIds: fresh });
  } else {
    authorize(mayRemoveMember(viewer, conversation, change.remove));
    const removed = await deleteMember(ctx.db, { clientId, conversationId, userId: change.remove });
    if (!removed) throw notFound('That person is not in this conversation');
  }
  const after = await audience(ctx, viewer, conversation);
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.conversation',
    data: { conversation_id: conversationId },
    only: [...new Set([...before, ...after])],
  });
}

function audience(ctx: AppContext, viewer: ChatViewer, conversation: MemberConversationRow) {
  return findConversationMemberIds(ctx.db, { clientId: viewer.clientId, conversationId: conversation.id });
}
