import {
  ChatContactsQuerySchema,
  ChatContactsResponseSchema,
  ChatConversationResponseSchema,
  ChatConversationsResponseSchema,
  ChatMessagesResponseSchema,
  ChatReadRequestSchema,
  ChatSearchQuerySchema,
  ChatTypingRequestSchema,
  CreateChatConversationRequestSchema,
  ListQuerySchema,
  OkResponseSchema,
  UpdateChatConversationRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { presentPerson } from '../posts/posts.presenter.ts';
import { loadConversation, viewerOf } from './chat.access.ts';
import { contactScope } from './chat.policy.ts';
import { finishPage, presentConversation, presentMessage } from './chat.presenter.ts';
import { findMemberConversations } from './chat.repository.ts';
import { conversationKit, conversationParams as params, readUpTo, routeSpec } from './chat.route-kit.ts';
import { findContactCandidates, getDmPolicy } from './chat-contacts.repository.ts';
import { chatGroupMembersRoutes } from './chat-group-members.routes.ts';
import { searchMessages } from './chat-messages.repository.ts';
import { sendTyping } from './commands/send-typing.ts';
import { startConversation } from './commands/start-conversation.ts';
import { updateConversation } from './commands/update-conversation.ts';

/** The member's conversations: list, start (and whom with), read one, mute or rename, read pointers, typing, search. */
export async function chatConversationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const {
    within: inConversation,
    present,
    show,
    answer,
  } = conversationKit(ctx, viewerOf, loadConversation, presentConversation);

  r.get(
    '/api/chat/conversations',
    routeSpec('chat', { querystring: ListQuerySchema }, ChatConversationsResponseSchema),
    async (request) => {
      const viewer = viewerOf(request);
      const { id: userId, clientId } = viewer;
      const rows = await findMemberConversations(ctx.db, { clientId, userId, query: request.query });
      const page = finishPage(rows, request.query);
      return { conversations: await present(viewer, page.items), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/api/chat/conversations',
    routeSpec('chat', { body: CreateChatConversationRequestSchema }, ChatConversationResponseSchema, {
      201: ChatConversationResponseSchema,
    }),
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { id, isNew } = await startConversation(ctx, viewer, request.body);
      return reply.code(isNew ? 201 : 200).send(await answer(viewer, id));
    },
  );

  r.get(
    '/api/chat/conversations/:id',
    routeSpec('chat', { params }, ChatConversationResponseSchema),
    (request) => inConversation(request, show),
  );

  r.patch(
    '/api/chat/conversations/:id',
    routeSpec('chat', { params, body: UpdateChatConversationRequestSchema }, ChatConversationResponseSchema),
    (request) =>
      inConversation(request, async (viewer, conversation) => {
        const { id: userId, clientId } = viewer;
        await updateConversation(ctx, { clientId, userId, conversation, change: request.body });
        return answer(viewer, conversation.id);
      }),
  );

  r.post(
    '/api/chat/conversations/:id/read',
    routeSpec('chat', { params, body: ChatReadRequestSchema }, ChatConversationResponseSchema),
    (request) =>
      inConversation(request, async (viewer, conversation) => {
        await readUpTo(ctx, viewer, conversation, request.body.message_id);
        return answer(viewer, conversation.id);
      }),
  );

  r.post(
    '/api/chat/conversations/:id/typing',
    routeSpec('chat', { params, body: ChatTypingRequestSchema }, OkResponseSchema),
    (request) =>
      inConversation(request, async (viewer, conversation) => {
        const parentId = request.body.parent_id ?? null;
        await sendTyping(ctx, { clientId: viewer.clientId, userId: viewer.id, conversation, parentId });
        return { ok: true as const };
      }),
  );

  r.get(
    '/api/chat/contacts',
    routeSpec('chat', { querystring: ChatContactsQuerySchema }, ChatContactsResponseSchema),
    async (request) => {
      const viewer = viewerOf(request);
      const policy = await getDmPolicy(ctx.db, { clientId: viewer.clientId });
      const rows = await findContactCandidates(ctx.db, {
        clientId: viewer.clientId,
        viewerId: viewer.id,
        scope: contactScope(policy, viewer),
        ...request.query,
      });
      const people = rows.slice(0, request.query.limit);
      const hasMore = rows.length > request.query.limit;
      return { people: people.map(presentPerson), next_cursor: hasMore ? people.at(-1)!.id : null };
    },
  );

  r.get(
    '/api/chat/search',
    routeSpec('chat', { querystring: ChatSearchQuerySchema }, ChatMessagesResponseSchema),
    async (request) => {
      const viewer = viewerOf(request);
      const { q, ...query } = request.query;
      const rows = await searchMessages(ctx.db, { clientId: viewer.clientId, userId: viewer.id, q, query });
      const page = finishPage(rows, query);
      // Search is of published, undeleted messages only: abilities as in an open conversation.
      const open = { kind: 'group' as const, archived_at: null };
      return {
        messages: page.items.map((row) => presentMessage(row, viewer, open)),
        next_cursor: page.nextCursor,
      };
    },
  );

  await chatGroupMembersRoutes(app, ctx);
}
