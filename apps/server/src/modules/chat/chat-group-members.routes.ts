import { AddChatMembersRequestSchema, ChatConversationResponseSchema, OkResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { loadConversation, viewerOf } from './chat.access.ts';
import { presentConversation } from './chat.presenter.ts';
import {
  conversationHandler,
  conversationParams as params,
  routeSpec,
  withLastMessages,
} from './chat.route-kit.ts';
import { changeGroupMembers } from './commands/change-group-members.ts';

const memberParams = z.object({
  id: z.uuid({ message: 'id must be a conversation id' }),
  userId: z.uuid({ message: 'userId must be a member id' }),
});

/**
 * A group's people: any member adds people (POST …/members), a member leaves (DELETE …/members/{own id}), the
 * starter removes someone else (DELETE …/members/{userId}).
 */
export async function chatGroupMembersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inConversation = conversationHandler(ctx, viewerOf, loadConversation);

  r.post(
    '/api/chat/conversations/:id/members',
    routeSpec('chat', { params, body: AddChatMembersRequestSchema }, ChatConversationResponseSchema),
    (request) =>
      inConversation(request, async (viewer, conversation) => {
        await changeGroupMembers(ctx, viewer, conversation, { add: request.body.user_ids });
        const after = await loadConversation(ctx, viewer, conversation.id);
        const [shown] = await withLastMessages(ctx, viewer, [after], presentConversation);
        return { conversation: shown! };
      }),
  );

  r.delete(
    '/api/chat/conversations/:id/members/:userId',
    routeSpec('chat', { params: memberParams }, OkResponseSchema),
    (request) =>
      inConversation(request, async (viewer, conversation) => {
        await changeGroupMembers(ctx, viewer, conversation, { remove: request.params.userId });
        return { ok: true as const };
      }),
  );
}
