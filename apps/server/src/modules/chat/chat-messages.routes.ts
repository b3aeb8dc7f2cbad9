import {
  ChatMessageResponseSchema,
  ChatMessagesQuerySchema,
  ChatMessagesResponseSchema,
  ChatReactionQuerySchema,
  ChatReactionRequestSchema,
  OkResponseSchema,
  ReportChatMessageRequestSchema,
  SendChatMessageRequestSchema,
  UpdateChatMessageRequestSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { loadConversation, loadMembership, loadMessage, viewerOf } from './chat.access.ts';
import { type ChatViewer, mayDeleteMessage, mayEditMessage, mayReport } from './chat.policy.ts';
import { presentMessage } from './chat.presenter.ts';
import { chatErrors as errors, messagesPage } from './chat.route-kit.ts';
import { deleteMessage } from './commands/delete-message.ts';
import { editMessage } from './commands/edit-message.ts';
import { reactToMessage } from './commands/react-to-message.ts';
import { reportMessage } from './commands/report-message.ts';
import { sendMessage } from './commands/send-message.ts';

const conversationParams = z.object({ id: z.uuid({ message: 'id must be a conversation id' }) });
const params = z.object({ id: z.uuid({ message: 'id must be a message id' }) });

/** Messages of the member's conversations: pages, threads, send, edit, delete, reactions, report. */
export async function chatMessagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A message as the viewer sees it now (after a change), with its conversation's abilities. */
  async function answer(viewer: ChatViewer, messageId: string) {
    const { message, conversation } = await loadMessage(ctx, viewer, messageId);
    return { message: presentMessage(message, viewer, conversation) };
  }

  r.get(
    '/api/chat/conversations/:id/messages',
    {
      schema: {
        tags: ['chat'],
        params: conversationParams,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const conversation = await loadMembership(ctx, viewer, request.params.id);
      return messagesPage(ctx, viewer, conversation, request.query);
    },
  );

  r.post(
    '/api/chat/conversations/:id/messages',
    {
      schema: {
        tags: ['chat'],
        params: conversationParams,
        body: SendChatMessageRequestSchema,
        response: { 200: ChatMessageResponseSchema, 201: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const conversation = await loadConversation(ctx, viewer, request.params.id);
      const { id, isReplay } = await sendMessage(ctx, viewer, conversation, request.body);
      return reply.code(isReplay ? 200 : 201).send(await answer(viewer, id));
    },
  );

  r.get(
    '/api/chat/messages/:id',
    { schema: { tags: ['chat'], params, response: { 200: ChatMessageResponseSchema, ...errors } } },
    async (request) => answer(viewerOf(request), request.params.id),
  );

  r.patch(
    '/api/chat/messages/:id',
    {
      schema: {
        tags: ['chat'],
        params,
        body: UpdateChatMessageRequestSchema,
        response: { 200: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { message, conversation } = await loadMessage(ctx, viewer, request.params.id);
      authorize(mayEditMessage(viewer, message, conversation));
      await editMessage(ctx, viewer, conversation, message, request.body);
      return answer(viewer, message.id);
    },
  );

  r.delete(
    '/api/chat/messages/:id',
    { schema: { tags: ['chat'], params, response: { 200: ChatMessageResponseSchema, ...errors } } },
    async (request) => {
      const viewer = viewerOf(request);
      const { message, conversation } = await loadMessage(ctx, viewer, request.params.id);
      authorize(mayDeleteMessage(viewer, message, conversation));
      await deleteMessage(ctx, {
        clientId: viewer.clientId,
        conversation,
        message,
        by: viewer.id,
        isModeration: false,
      });
      return answer(viewer, message.id);
    },
  );

  r.put(
    '/api/chat/messages/:id/reactions',
    {
      schema: {
        tags: ['chat'],
        params,
        body: ChatReactionRequestSchema,
        response: { 200: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { message, conversation } = await loadMessage(ctx, viewer, request.params.id);
      await reactToMessage(ctx, {
        clientId: viewer.clientId,
        userId: viewer.id,
        conversation,
        message,
        emoji: request.body.emoji,
        isOn: true,
      });
      return answer(viewer, message.id);
    },
  );

  r.delete(
    '/api/chat/messages/:id/reactions',
    {
      schema: {
        tags: ['chat'],
        params,
        querystring: ChatReactionQuerySchema,
        response: { 200: ChatMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { message, conversation } = await loadMessage(ctx, viewer, request.params.id);
      await reactToMessage(ctx, {
        clientId: viewer.clientId,
        userId: viewer.id,
        conversation,
        message,
        emoji: request.query.emoji,
        isOn: false,
      });
      return answer(viewer, message.id);
    },
  );

  r.post(
    '/api/chat/messages/:id/report',
    {
      schema: {
        tags: ['chat'],
        params,
        body: ReportChatMessageRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { message, conversation } = await loadMessage(ctx, viewer, request.params.id);
      authorize(mayReport(viewer, message, conversation));
      await reportMessage(ctx, {
        clientId: viewer.clientId,
        message,
        ...(request.body.reason ? { reason: request.body.reason } : {}),
      });
      return { ok: true as const };
    },
  );
}
