import { ChatSeenResponseSchema, ErrorResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { registerHeldContentPublisher } from '../safety/safety.hooks.ts';
import { requireChat, requireInbox, viewerOf } from './chat.access.ts';
import { registerChatStream } from './chat.live.ts';
import { hasChat, inboxScope, isBrandTeam, mayUseChat } from './chat.policy.ts';
import { presentSeen } from './chat.presenter.ts';
import { chatAdminRoutes } from './chat-admin.routes.ts';
import { chatConversationsRoutes } from './chat-conversations.routes.ts';
import { chatMessagesRoutes } from './chat-messages.routes.ts';
import { findUnreadMessages } from './chat-unread.repository.ts';
import { moderateMessage } from './commands/moderate-message.ts';

/**
 * Chat (issue 12): GET /api/chat/seen (SPEC 3, polled every 60 s), the members' conversations and messages
 * (/api/chat/…) and the brand team's inbox (/api/admin/chat/…). Every route but seen needs feature chat and a member
 * (403 before any input is read); the inbox needs ADMIN or ANALYST. Live events go out on the notifications stream.
 */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Moderators' decisions on queued messages reach chat through safety's hooks (safety imports no chat).
  registerHeldContentPublisher('chat', moderateMessage);
  registerChatStream(ctx.bus);

  r.get(
    '/api/chat/seen',
    {
      schema: {
        tags: ['chat'],
        response: { 200: ChatSeenResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The shell polls this for everyone signed in: guests and applicants simply have nothing unread.
      if (!hasChat(user)) return presentSeen([]);
      authorize(
        mayUseChat(
          user,
          request.tenant.client.features.map((f) => f.id),
        ),
      );
      const viewer = viewerOf(request);
      const rows = await findUnreadMessages(ctx.db, {
        clientId: viewer.clientId,
        userId: viewer.id,
        inbox: isBrandTeam(viewer.role) ? { userId: viewer.id, scope: inboxScope(viewer) } : null,
      });
      return presentSeen(rows);
    },
  );

  await app.register(async (member) => {
    member.addHook('preValidation', async (request) => {
      requireChat(request);
    });
    await chatConversationsRoutes(member, ctx);
    await chatMessagesRoutes(member, ctx);
  });

  await app.register(async (admin) => {
    // Role before input validation: a member learns nothing from a 400.
    admin.addHook('preValidation', async (request) => {
      requireInbox(request);
    });
    await chatAdminRoutes(admin, ctx);
  });
}
