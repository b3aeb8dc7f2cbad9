import { getDisplayName } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { type ChatViewer, type InboxScope, inboxScope, mayUseChat, mayUseInbox } from './chat.policy.ts';
import { getMemberConversation, getMembership, type MemberConversationRow } from './chat.repository.ts';
import { getInboxConversation, type InboxRow } from './chat-inbox.repository.ts';
import { getVisibleMessage, type MessageRow } from './chat-messages.repository.ts';

/** The signed-in person as chat sees them. */
export function viewerOf(request: FastifyRequest): ChatViewer {
  const user = requireUser(request);
  return {
    id: user.id,
    clientId: request.tenant.id,
    role: user.role,
    teamTags: user.team_tags ?? [],
    name: getDisplayName(user),
  };
}

/** 403 unless the client has feature chat and the user is a member (not a guest or applicant); answers the viewer. */
export function requireChat(request: FastifyRequest): ChatViewer {
  const user = requireUser(request);
  authorize(
    mayUseChat(
      user,
      request.tenant.client.features.map((f) => f.id),
    ),
  );
  return viewerOf(request);
}

/** requireChat, and the brand team only (ADMIN, ANALYST); answers the viewer and the inbox scope. */
export function requireInbox(request: FastifyRequest): ChatViewer & { scope: InboxScope } {
  const viewer = requireChat(request);
  authorize(mayUseInbox(viewer));
  return { ...viewer, scope: inboxScope(viewer) };
}

/** A conversation the viewer is a member of, or 404 (unknown, another client's, or not theirs). */
export async function loadConversation(
  ctx: AppContext,
  viewer: ChatViewer,
  conversationId: string,
): Promise<MemberConversationRow> {
  const row = await getMemberConversation(ctx.db, {
    clientId: viewer.clientId,
    userId: viewer.id,
    conversationId,
  });
  if (!row) throw notFound('Conversation not found');
  return row;
}

/** A conversation the viewer is a member of, with only what a page of its messages needs; else 404. */
export async function loadMembership(ctx: AppContext, viewer: ChatViewer, conversationId: string) {
  const row = await getMembership(ctx.db, { clientId: viewer.clientId, userId: viewer.id, conversationId });
  if (!row) throw notFound('Conversation not found');
  return row;
}

/** A message the viewer may read in a conversation they are in, with the conversation; else 404. */
export async function loadMessage(
  ctx: AppContext,
  viewer: ChatViewer,
  messageId: string,
): Promise<{ message: MessageRow; conversation: MemberConversationRow }> {
  const message = await getVisibleMessage(ctx.db, {
    clientId: viewer.clientId,
    viewerId: viewer.id,
    messageId,
  });
  if (!message) throw notFound('Message not found');
  const conversation = await getMemberConversation(ctx.db, {
    clientId: viewer.clientId,
    userId: viewer.id,
    conversationId: message.conversation_id,
  });
  if (!conversation) throw notFound('Message not found');
  return { message, conversation };
}

/** A member's brand-team conversation in the colleague's scope, or 404 (also for a lead outside their teams). */
export async function loadInboxConversation(
  ctx: AppContext,
  viewer: ChatViewer & { scope: InboxScope },
  conversationId: string,
): Promise<InboxRow> {
  const row = await getInboxConversation(ctx.db, {
    clientId: viewer.clientId,
    scope: viewer.scope,
    conversationId,
  });
  if (!row) throw notFound('Conversation not found');
  return row;
}
