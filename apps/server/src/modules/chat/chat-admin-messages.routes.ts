import {
  ChatMessageResponseSchema,
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatNoteResponseSchema,
  ChatNotesResponseSchema,
  CreateChatNoteRequestSchema,
  ListQuerySchema,
  SendChatMessageRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { hiddenAs } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { loadInboxConversation, requireInbox } from './chat.access.ts';
import { type ChatViewer, type InboxScope, mayRemoveAnyMessage } from './chat.policy.ts';
import { presentMessage, presentNote } from './chat.presenter.ts';
import { getConversation } from './chat.repository.ts';
import {
  conversationHandler,
  messageParams,
  messagesPage,
  conversationParams as params,
  requireMessage,
  routeSpec,
} from './chat.route-kit.ts';
import { findNotes, getNote } from './chat-inbox.repository.ts';
import { findMessagesByIds } from './chat-messages.repository.ts';
import { addNote } from './commands/add-note.ts';
import { deleteMessage } from './commands/delete-message.ts';
import { sendMessage } from './commands/send-message.ts';

type Colleague = ChatViewer & { scope: InboxScope };

/**
 * Messages of members' brand-team conversations for the brand team: pages and threads, replies, internal notes,
 * a message by id, and admins' removal of any message of the client (moderation, with an audit row).
 */
export async function chatAdminMessagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inLine = conversationHandler(ctx, requireInbox, loadInboxConversation);

  /** A message of a brand-team conversation in the colleague's scope, presented for the brand team. */
  async function answerMessage(viewer: Colleague, messageId: string) {
    const message = await requireMessage(ctx, viewer, messageId);
    const conversation = await loadInboxConversation(ctx, viewer, message.conversation_id).catch(
      hiddenAs('Message not found'),
    );
    return { message: presentMessage(message, viewer, conversation, true) };
  }

  r.get(
    '/api/admin/chat/conversations/:id/messages',
    routeSpec('admin', { params, querystring: ChatMessagesQuerySchema }, ChatMessagesResponseSchema),
    (request) => inLine(request, (viewer, line) => messagesPage(ctx, viewer, line, request.query, true)),
  );

  r.post(
    '/api/admin/chat/conversations/:id/messages',
    routeSpec('admin', { params, body: SendChatMessageRequestSchema }, ChatMessageResponseSchema, {
      201: ChatMessageResponseSchema,
    }),
    (request, reply) =>
      inLine(request, async (viewer, line) => {
        const sent = await sendMessage(ctx, viewer, { ...line, title: null }, request.body, {
          asBrandTeam: true,
        });
        return reply.code(sent.isReplay ? 200 : 201).send(await answerMessage(viewer, sent.id));
      }),
  );

  r.get(
    '/api/admin/chat/conversations/:id/notes',
    routeSpec('admin', { params, querystring: ListQuerySchema }, ChatNotesResponseSchema),
    (request) =>
      inLine(request, async ({ clientId }, line) => {
        const page = await findNotes(ctx.db, { clientId, conversationId: line.id, query: request.query });
        return { notes: page.items.map(presentNote), next_cursor: page.nextCursor };
      }),
  );

  r.post(
    '/api/admin/chat/conversations/:id/notes',
    routeSpec('admin', { params, body: CreateChatNoteRequestSchema }, ChatNoteResponseSchema, {
      201: ChatNoteResponseSchema,
    }),
    (request, reply) =>
      inLine(request, async ({ clientId, id: authorId }, line) => {
        const conversation = { ...line, title: null };
        const id = await addNote(ctx, { clientId, authorId, conversation, body: request.body.body });
        const note = await getNote(ctx.db, { clientId, id });
        return reply.code(201).send({ note: presentNote(note!) });
      }),
  );

  r.get(
    '/api/admin/chat/messages/:id',
    routeSpec('admin', { params: messageParams }, ChatMessageResponseSchema),
    async (request) => answerMessage(requireInbox(request), request.params.id),
  );

  r.delete(
    '/api/admin/chat/messages/:id',
    {
      preValidation: async (request) => authorize(mayRemoveAnyMessage(requireUser(request))),
      ...routeSpec('admin', { params: messageParams }, ChatMessageResponseSchema),
    },
    async (request) => {
      const viewer = requireInbox(request);
      const { clientId } = viewer;
      // Any message of any conversation of the client (moderation): read as the admin sees every message.
      const message = await requireMessage(ctx, viewer, request.params.id);
      const conversation = (await getConversation(ctx.db, {
        clientId,
        conversationId: message.conversation_id,
      }))!;
      await deleteMessage(ctx, { clientId, conversation, message, by: viewer.id, isModeration: true });
      const [after] = await findMessagesByIds(ctx.db, { clientId, viewerId: viewer.id, ids: [message.id] });
      return { message: presentMessage(after!, viewer, conversation, true) };
    },
  );
}
