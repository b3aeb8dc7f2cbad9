import {
  ChatInboxConversationResponseSchema,
  ChatInboxQuerySchema,
  ChatInboxResponseSchema,
  ChatReadRequestSchema,
  UpdateChatInboxRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { loadInboxConversation, requireInbox } from './chat.access.ts';
import { finishPage, presentInboxConversation } from './chat.presenter.ts';
import { conversationKit, conversationParams as params, readUpTo, routeSpec } from './chat.route-kit.ts';
import { chatAdminMessagesRoutes } from './chat-admin-messages.routes.ts';
import { chatAdminSettingsRoutes } from './chat-admin-settings.routes.ts';
import { chatBroadcastsRoutes } from './chat-broadcasts.routes.ts';
import { findInbox } from './chat-inbox.repository.ts';
import { updateInboxConversationState } from './commands/update-inbox-conversation.ts';

/**
 * The brand team's inbox (/admin/chat; ADMIN and ANALYST, a lead with team tags only for members of their teams):
 * members' brand-team conversations by box and status, the team's read pointer, assignment and status; their
 * messages and notes (chat-admin-messages.routes.ts); canned replies and settings (chat-admin-settings.routes.ts);
 * broadcasts (chat-broadcasts.routes.ts).
 */
export async function chatAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kit = conversationKit(ctx, requireInbox, loadInboxConversation, presentInboxConversation, true);
  const { within: inLine, present, show, answer } = kit;

  r.get(
    '/api/admin/chat/conversations',
    routeSpec('admin', { querystring: ChatInboxQuerySchema }, ChatInboxResponseSchema),
    async (request) => {
      const viewer = requireInbox(request);
      const { id: userId, clientId, scope } = viewer;
      const rows = await findInbox(ctx.db, { clientId, userId, scope, query: request.query });
      const page = finishPage(rows, request.query);
      return { conversations: await present(viewer, page.items), next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/api/admin/chat/conversations/:id',
    routeSpec('admin', { params }, ChatInboxConversationResponseSchema),
    (request) => inLine(request, show),
  );

  r.patch(
    '/api/admin/chat/conversations/:id',
    routeSpec('admin', { params, body: UpdateChatInboxRequestSchema }, ChatInboxConversationResponseSchema),
    (request) =>
      inLine(request, async (viewer, line) => {
        const state = {
          clientId: viewer.clientId,
          conversation: { ...line, title: null },
          change: request.body,
        };
        await updateInboxConversationState(ctx, state);
        return answer(viewer, line.id);
      }),
  );

  r.post(
    '/api/admin/chat/conversations/:id/read',
    routeSpec('admin', { params, body: ChatReadRequestSchema }, ChatInboxConversationResponseSchema),
    (request) =>
      inLine(request, async (viewer, line) => {
        await readUpTo(ctx, viewer, line, request.body.message_id, true);
        return answer(viewer, line.id);
      }),
  );

  await chatAdminMessagesRoutes(app, ctx);
  await chatAdminSettingsRoutes(app, ctx);
  await chatBroadcastsRoutes(app, ctx);
}
