import { type ChatMessagesQuery, ErrorResponseSchema } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { NoticeConversation } from './chat.notices.ts';
import type { ChatViewer, ConversationFacts } from './chat.policy.ts';
import { finishPage, presentMessage } from './chat.presenter.ts';
import {
  findMessagesByIds,
  findMessagesPage,
  getVisibleMessage,
  type MessageRow,
} from './chat-messages.repository.ts';
import { markRead } from './commands/mark-read.ts';

/**
 * The steps chat's routes share (parse, authorize, call, present), so each route says only what is its own:
 * the schema shape, the id params, presenting conversations with their last messages, a messages page, a read.
 */

/** Error answers every chat route may give. */
export const chatErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** `:id` of a conversation, a message, or another row named by `what`. */
export const idParams = (what: string) => z.object({ id: z.uuid({ message: `id must be a ${what} id` }) });
export const conversationParams = idParams('conversation');
export const messageParams = idParams('message');

/**
 * A route's options: tag, inputs (params, querystring, body), the 200 answer (or `okCode`'s) and the chat errors.
 * `also` adds other answers (e.g. 201 next to 200 for an idempotent create).
 */
export function routeSpec<P extends object, R extends z.ZodType, A extends Record<number, z.ZodType>>(
  tag: 'chat' | 'admin',
  inputs: P,
  ok: R,
  also?: A,
) {
  return { schema: { tags: [tag], ...inputs, response: { 200: ok, ...chatErrors, ...(also ?? ({} as A)) } } };
}

/**
 * Conversation rows with their last messages (one query for all of them), each presented by `show` with its last
 * message already presented (null when none).
 */
export async function withLastMessages<Row extends ConversationFacts & { last_message_id: string | null }, T>(
  ctx: AppContext,
  viewer: ChatViewer,
  rows: Row[],
  show: (row: Row, last: ReturnType<typeof presentMessage> | null) => T,
  asBrandTeam = false,
): Promise<T[]> {
  const ids = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
  const last = await findMessagesByIds(ctx.db, { clientId: viewer.clientId, viewerId: viewer.id, ids });
  const byId = new Map(last.map((m) => [m.id, m]));
  return rows.map((row) => {
    const message = row.last_message_id ? byId.get(row.last_message_id) : undefined;
    return show(row, message ? presentMessage(message, viewer, row, asBrandTeam) : null);
  });
}

/** One page of a conversation's messages (or of a thread under `parent_id`), as the viewer sees them. */
export async function messagesPage(
  ctx: AppContext,
  viewer: ChatViewer,
  conversation: ConversationFacts & { id: string },
  request: ChatMessagesQuery,
  asBrandTeam = false,
) {
  const { parent_id: parentId, ...query } = request;
  const rows = await findMessagesPage(ctx.db, {
    clientId: viewer.clientId,
    conversationId: conversation.id,
    viewerId: viewer.id,
    parentId,
    query,
  });
  const page = finishPage(rows, query);
  return {
    messages: page.items.map((row) => presentMessage(row, viewer, conversation, asBrandTeam)),
    next_cursor: page.nextCursor,
  };
}

/** A message the viewer may read, or 404 (also when it is not of `conversationId`, when given). */
export async function requireMessage(
  ctx: AppContext,
  viewer: ChatViewer,
  messageId: string,
  conversationId?: string,
): Promise<MessageRow> {
  const message = await getVisibleMessage(ctx.db, {
    clientId: viewer.clientId,
    viewerId: viewer.id,
    messageId,
  });
  if (!message || (conversationId !== undefined && message.conversation_id !== conversationId))
    throw notFound(conversationId ? 'Message not found in this conversation' : 'Message not found');
  return message;
}

/** POST …/read: moves the viewer's (or with `asBrandTeam` the brand team's) pointer to a message of the conversation. */
export async function readUpTo(
  ctx: AppContext,
  viewer: ChatViewer,
  conversation: Omit<NoticeConversation, 'title'> & { title?: string | null },
  messageId: string,
  asBrandTeam = false,
): Promise<void> {
  const message = await requireMessage(ctx, viewer, messageId, conversation.id);
  await markRead(ctx, {
    clientId: viewer.clientId,
    userId: viewer.id,
    conversation: { ...conversation, title: conversation.title ?? null },
    message,
    asBrandTeam,
  });
}

/**
 * For routes under a conversation's `:id`: finds the viewer (`who`) and the conversation (`load`, 404 when it is not
 * theirs), then runs the route's own work with them.
 */
export function conversationHandler<V, C>(
  ctx: AppContext,
  who: (request: FastifyRequest) => V,
  load: (ctx: AppContext, viewer: V, id: string) => Promise<C>,
) {
  return async <R>(
    request: FastifyRequest & { params: { id: string } },
    handle: (viewer: V, conversation: C) => Promise<R>,
  ): Promise<R> => {
    const viewer = who(request);
    return handle(viewer, await load(ctx, viewer, request.params.id));
  };
}

/**
 * What the routes of a kind of conversation share: `within` (conversationHandler), `present` (rows with their last
 * messages), `show` (one row answered as `{conversation}`) and `answer` (the same, read again after a change).
 */
export function conversationKit<
  V extends ChatViewer,
  Row extends ConversationFacts & { last_message_id: string | null },
  T,
>(
  ctx: AppContext,
  who: (request: FastifyRequest) => V,
  load: (ctx: AppContext, viewer: V, id: string) => Promise<Row>,
  presentRow: (row: Row, last: ReturnType<typeof presentMessage> | null) => T,
  asBrandTeam = false,
) {
  const present = (viewer: V, rows: Row[]) => withLastMessages(ctx, viewer, rows, presentRow, asBrandTeam);
  const show = async (viewer: V, row: Row) => ({ conversation: (await present(viewer, [row]))[0]! });
  return {
    within: conversationHandler(ctx, who, load),
    present,
    show,
    answer: async (viewer: V, id: string) => show(viewer, await load(ctx, viewer, id)),
  };
}
