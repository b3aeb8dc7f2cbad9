import {
  ChatMessageResponseSchema,
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatNoteResponseSchema,
  ChatNotesResponseSchema,
  CreateChatNoteRequestSchema,
  ErrorResponseSchema,
  ListQuerySchema,
  SendChatMessageRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { loadInboxConversation, requireInbox } from './chat.access.ts';
import { type ChatViewer, type InboxScope, mayRemoveAnyMessage } from './chat.policy.ts';
import { finishPage, presentMessage, presentNote } from './chat.presenter.ts';
import { getConversation } from './chat.repository.ts';
import { findNotes, getNote } from './chat-inbox.repository.ts';
import { findMessagesByIds, findMessagesPage, getVisibleMessage } from './chat-messages.repository.ts';
import { addNote } from './commands/add-note.ts';
import { deleteMessage } from './commands/delete-message.ts';
import { sendMessage } from './commands/send-message.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a conversation id' }) });
const messageParams = z.object({ id: z.uuid({ message: 'id must be a message id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

type Colleague = ChatViewer & { scope: InboxScope };

/**
 * Messages of members' brand-team conversations for the brand team: pages and threads, replies, internal notes,
 * a message by id, and admins' removal of any message of the client (moderation, with an audit row).
 */
export async function chatAdminMessagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A message of a brand-team conversation in the colleague's scope, presented for the brand team. */
  async function answerMessage(viewer: Colleague, messageId: string) {
    const message = await getVisibleMessage(ctx.db, {
      clientId: viewer.clientId,
      viewerId: viewer.id,
      messageId,
    });
    if (!message) throw notFound('Message not found');
    const conversation = await loadInboxConversation(ctx, viewer, message.conversation_id).catch(() => {
      throw notFound('Message not found');
    });
    return { message: presentMessage(message, viewer, conversation, true) };
  }

  r.get(
    '/api/admin/chat/conversations/:id/messages',
    {
      schema: {
        tags: ['admin'],
        params,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireInbox(request);
      const conversation = await loadInboxConversation(ctx, viewer, request.params.id);
      const { parent_id: parentId, ...query } = request.query;
      const rows = await findMessagesPage(ctx.db, {
        clientId: viewer.clientId,
        conversationId: conversation.id,
        viewerId: viewer.id,
        parentId,
        query,
      });
      const page = finishPage(rows, query);
      return {
        messages: page.items.map((row) => presentMessage(row, viewer, conversation, true)),
        next_cursor: page.nextCursor,
      };
    },
  );

  r.post(
    '/api/admin/chat/conversations/:id/messages',
    {
      schema: {
        tags: ['admin'],
        params,
        body: SendChatMessageRequestSchema,
        response: { 200: ChatMessageResponseSchema, 201: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireInbox(request);
      const conversation = await loadInboxConversation(ctx, viewer, request.params.id);
      const { id, isReplay } = await sendMessage(
        ctx,
        viewer,
        { ...conversation, title: null },
        request.body,
        { asBrandTeam: true },
      );
      return reply.code(isReplay ? 200 : 201).send(await answerMessage(viewer, id));
    },
  );

  r.get(
    '/api/admin/chat/conversations/:id/notes',
    {
      schema: {
        tags: ['admin'],
        params,
        querystring: ListQuerySchema,
        response: { 200: ChatNotesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireInbox(request);
      const conversation = await loadInboxConversation(ctx, viewer, request.params.id);
      const page = await findNotes(ctx.db, {
        clientId: viewer.clientId,
        conversationId: conversation.id,
        query: request.query,
      });
      return { notes: page.items.map(presentNote), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/api/admin/chat/conversations/:id/notes',
    {
      schema: {
        tags: ['admin'],
        params,
        body: CreateChatNoteRequestSchema,
        response: { 201: ChatNoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireInbox(request);
      const conversation = await loadInboxConversation(ctx, viewer, request.params.id);
      const id = await addNote(ctx, {
        clientId: viewer.clientId,
        authorId: viewer.id,
        conversation: { ...conversation, title: null },
        body: request.body.body,
      });
      const note = await getNote(ctx.db, { clientId: viewer.clientId, id });
      return reply.code(201).send({ note: presentNote(note!) });
    },
  );

  r.get(
    '/api/admin/chat/messages/:id',
    {
      schema: {
        tags: ['admin'],
        params: messageParams,
        response: { 200: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request) => answerMessage(requireInbox(request), request.params.id),
  );

  r.delete(
    '/api/admin/chat/messages/:id',
    {
      preValidation: async (request) => authorize(mayRemoveAnyMessage(requireUser(request))),
      schema: {
        tags: ['admin'],
        params: messageParams,
        response: { 200: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireInbox(request);
      // Any message of any conversation of the client (moderation): read as the admin sees every message.
      const message = await getVisibleMessage(ctx.db, {
        clientId: viewer.clientId,
        viewerId: viewer.id,
        messageId: request.params.id,
      });
      if (!message) throw notFound('Message not found');
      const conversation = await getConversation(ctx.db, {
        clientId: viewer.clientId,
        conversationId: message.conversation_id,
      });
      await deleteMessage(ctx, {
        clientId: viewer.clientId,
        conversation: conversation!,
        message,
        by: viewer.id,
        isModeration: true,
      });
      const [after] = await findMessagesByIds(ctx.db, {
        clientId: viewer.clientId,
        viewerId: viewer.id,
        ids: [message.id],
      });
      return { message: presentMessage(after!, viewer, conversation!, true) };
    },
  );
}
