import {
  ChatInboxConversationResponseSchema,
  ChatInboxQuerySchema,
  ChatInboxResponseSchema,
  ChatReadRequestSchema,
  ErrorResponseSchema,
  UpdateChatInboxRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { loadInboxConversation, requireInbox } from './chat.access.ts';
import type { ChatViewer, InboxScope } from './chat.policy.ts';
import { finishPage, presentInboxConversation, presentMessage } from './chat.presenter.ts';
import { chatAdminMessagesRoutes } from './chat-admin-messages.routes.ts';
import { chatAdminSettingsRoutes } from './chat-admin-settings.routes.ts';
import { findInbox, type InboxRow } from './chat-inbox.repository.ts';
import { findMessagesByIds, getVisibleMessage } from './chat-messages.repository.ts';
import { markRead } from './commands/mark-read.ts';
import { updateInboxConversationState } from './commands/update-inbox-conversation.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a conversation id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

type Colleague = ChatViewer & { scope: InboxScope };

/**
 * The brand team's inbox (/admin/chat; ADMIN and ANALYST, a lead with team tags only for members of their teams):
 * members' brand-team conversations by box and status, the team's read pointer, assignment and status; their
 * messages and notes (chat-admin-messages.routes.ts); canned replies and settings (chat-admin-settings.routes.ts).
 */
export async function chatAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function present(viewer: Colleague, rows: InboxRow[]) {
    const ids = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
    const last = await findMessagesByIds(ctx.db, { clientId: viewer.clientId, viewerId: viewer.id, ids });
    const byId = new Map(last.map((m) => [m.id, m]));
    return rows.map((row) => {
      const message = row.last_message_id ? byId.get(row.last_message_id) : undefined;
      return presentInboxConversation(row, message ? presentMessage(message, viewer, row, true) : null);
    });
  }

  async function answer(viewer: Colleague, conversationId: string) {
    const [conversation] = await present(viewer, [await loadInboxConversation(ctx, viewer, conversationId)]);
    return { conversation: conversation! };
  }

  r.get(
    '/api/admin/chat/conversations',
    {
      schema: {
        tags: ['admin'],
        querystring: ChatInboxQuerySchema,
        response: { 200: ChatInboxResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireInbox(request);
      const rows = await findInbox(ctx.db, {
        clientId: viewer.clientId,
        userId: viewer.id,
        scope: viewer.scope,
        query: request.query,
      });
      const page = finishPage(rows, request.query);
      return { conversations: await present(viewer, page.items), next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/api/admin/chat/conversations/:id',
    {
      schema: { tags: ['admin'], params, response: { 200: ChatInboxConversationResponseSchema, ...errors } },
    },
    async (request) => answer(requireInbox(request), request.params.id),
  );

  r.patch(
    '/api/admin/chat/conversations/:id',
    {
      schema: {
        tags: ['admin'],
        params,
        body: UpdateChatInboxRequestSchema,
        response: { 200: ChatInboxConversationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireInbox(request);
      const conversation = await loadInboxConversation(ctx, viewer, request.params.id);
      await updateInboxConversationState(ctx, {
        clientId: viewer.clientId,
        conversation: { ...conversation, title: null },
        change: request.body,
      });
      return answer(viewer, conversation.id);
    },
  );

  r.post(
    '/api/admin/chat/conversations/:id/read',
    {
      schema: {
        tags: ['admin'],
        params,
        body: ChatReadRequestSchema,
        response: { 200: ChatInboxConversationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireInbox(request);
      const conversation = await loadInboxConversation(ctx, viewer, request.params.id);
      const message = await getVisibleMessage(ctx.db, {
        clientId: viewer.clientId,
        viewerId: viewer.id,
        messageId: request.body.message_id,
      });
      if (!message || message.conversation_id !== conversation.id)
        throw notFound('Message not found in this conversation');
      await markRead(ctx, {
        clientId: viewer.clientId,
        userId: viewer.id,
        conversation: { ...conversation, title: null },
        message,
        asBrandTeam: true,
      });
      return answer(viewer, conversation.id);
    },
  );

  await chatAdminMessagesRoutes(app, ctx);
  await chatAdminSettingsRoutes(app, ctx);
}
