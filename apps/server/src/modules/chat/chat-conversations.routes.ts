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
  ErrorResponseSchema,
  ListQuerySchema,
  OkResponseSchema,
  UpdateChatConversationRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { presentPerson } from '../posts/posts.presenter.ts';
import { loadConversation, viewerOf } from './chat.access.ts';
import { type ChatViewer, contactScope } from './chat.policy.ts';
import { finishPage, presentConversation, presentMessage } from './chat.presenter.ts';
import {
  findContactCandidates,
  findMemberConversations,
  getDmPolicy,
  type MemberConversationRow,
} from './chat.repository.ts';
import { findMessagesByIds, getVisibleMessage, searchMessages } from './chat-messages.repository.ts';
import { markRead } from './commands/mark-read.ts';
import { sendTyping } from './commands/send-typing.ts';
import { startConversation } from './commands/start-conversation.ts';
import { updateConversation } from './commands/update-conversation.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a conversation id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** The member's conversations: list, start (and whom with), read one, mute or rename, read pointers, typing, search. */
export async function chatConversationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Conversations as the viewer sees them, with their last messages (one query for all of them). */
  async function present(viewer: ChatViewer, rows: MemberConversationRow[]) {
    const ids = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
    const last = await findMessagesByIds(ctx.db, { clientId: viewer.clientId, viewerId: viewer.id, ids });
    const byId = new Map(last.map((m) => [m.id, m]));
    return rows.map((row) => {
      const message = row.last_message_id ? byId.get(row.last_message_id) : undefined;
      return presentConversation(row, message ? presentMessage(message, viewer, row) : null);
    });
  }

  async function answer(viewer: ChatViewer, conversationId: string) {
    const [conversation] = await present(viewer, [await loadConversation(ctx, viewer, conversationId)]);
    return { conversation: conversation! };
  }

  r.get(
    '/api/chat/conversations',
    {
      schema: {
        tags: ['chat'],
        querystring: ListQuerySchema,
        response: { 200: ChatConversationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const rows = await findMemberConversations(ctx.db, {
        clientId: viewer.clientId,
        userId: viewer.id,
        query: request.query,
      });
      const page = finishPage(rows, request.query);
      return { conversations: await present(viewer, page.items), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/api/chat/conversations',
    {
      schema: {
        tags: ['chat'],
        body: CreateChatConversationRequestSchema,
        response: { 200: ChatConversationResponseSchema, 201: ChatConversationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { id, isNew } = await startConversation(ctx, viewer, request.body);
      return reply.code(isNew ? 201 : 200).send(await answer(viewer, id));
    },
  );

  r.get(
    '/api/chat/conversations/:id',
    { schema: { tags: ['chat'], params, response: { 200: ChatConversationResponseSchema, ...errors } } },
    async (request) => answer(viewerOf(request), request.params.id),
  );

  r.patch(
    '/api/chat/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        params,
        body: UpdateChatConversationRequestSchema,
        response: { 200: ChatConversationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const conversation = await loadConversation(ctx, viewer, request.params.id);
      await updateConversation(ctx, {
        clientId: viewer.clientId,
        userId: viewer.id,
        conversation,
        change: request.body,
      });
      return answer(viewer, conversation.id);
    },
  );

  r.post(
    '/api/chat/conversations/:id/read',
    {
      schema: {
        tags: ['chat'],
        params,
        body: ChatReadRequestSchema,
        response: { 200: ChatConversationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const conversation = await loadConversation(ctx, viewer, request.params.id);
      const message = await getVisibleMessage(ctx.db, {
        clientId: viewer.clientId,
        viewerId: viewer.id,
        messageId: request.body.message_id,
      });
      if (!message || message.conversation_id !== conversation.id)
        throw notFound('Message not found in this conversation');
      await markRead(ctx, { clientId: viewer.clientId, userId: viewer.id, conversation, message });
      return answer(viewer, conversation.id);
    },
  );

  r.post(
    '/api/chat/conversations/:id/typing',
    {
      schema: {
        tags: ['chat'],
        params,
        body: ChatTypingRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const conversation = await loadConversation(ctx, viewer, request.params.id);
      await sendTyping(ctx, {
        clientId: viewer.clientId,
        userId: viewer.id,
        conversation,
        parentId: request.body.parent_id ?? null,
      });
      return { ok: true as const };
    },
  );

  r.get(
    '/api/chat/contacts',
    {
      schema: {
        tags: ['chat'],
        querystring: ChatContactsQuerySchema,
        response: { 200: ChatContactsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const policy = await getDmPolicy(ctx.db, { clientId: viewer.clientId });
      const rows = await findContactCandidates(ctx.db, {
        clientId: viewer.clientId,
        viewerId: viewer.id,
        scope: contactScope(policy, viewer),
        q: request.query.q,
      });
      return { people: rows.map(presentPerson) };
    },
  );

  r.get(
    '/api/chat/search',
    {
      schema: {
        tags: ['chat'],
        querystring: ChatSearchQuerySchema,
        response: { 200: ChatMessagesResponseSchema, ...errors },
      },
    },
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
}
