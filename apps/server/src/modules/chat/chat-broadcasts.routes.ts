import {
  ChatBroadcastResponseSchema,
  ChatBroadcastsResponseSchema,
  CreateChatBroadcastRequestSchema,
  ListQuerySchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { requireInbox } from './chat.access.ts';
import { mayBroadcast } from './chat.policy.ts';
import { finishPage, presentBroadcast } from './chat.presenter.ts';
import { idParams, routeSpec } from './chat.route-kit.ts';
import { findBroadcasts, getBroadcast } from './chat-broadcasts.repository.ts';
import { sendBroadcast } from './commands/send-broadcast.ts';

const params = idParams('broadcast');
// Role before input validation: a lead learns nothing from a 400 of an admins' route.
const admins = async (request: FastifyRequest) => authorize(mayBroadcast(requireUser(request)));

/** Broadcasts (ADMIN): send one to every member, a team or a project's members; past ones with their counts. */
export async function chatBroadcastsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function answer(clientId: string, id: string) {
    const row = await getBroadcast(ctx.db, { clientId, id });
    if (!row) throw notFound('Broadcast not found');
    return { broadcast: presentBroadcast(row) };
  }

  r.get(
    '/api/admin/chat/broadcasts',
    {
      preValidation: admins,
      ...routeSpec('admin', { querystring: ListQuerySchema }, ChatBroadcastsResponseSchema),
    },
    async (request) => {
      const viewer = requireInbox(request);
      const rows = await findBroadcasts(ctx.db, { clientId: viewer.clientId, query: request.query });
      const page = finishPage(rows, request.query);
      return { broadcasts: page.items.map(presentBroadcast), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/api/admin/chat/broadcasts',
    {
      preValidation: admins,
      ...routeSpec('admin', { body: CreateChatBroadcastRequestSchema }, ChatBroadcastResponseSchema, {
        201: ChatBroadcastResponseSchema,
      }),
    },
    async (request, reply) => {
      const viewer = requireInbox(request);
      const id = await sendBroadcast(ctx, viewer, request.body);
      return reply.code(201).send(await answer(viewer.clientId, id));
    },
  );

  r.get(
    '/api/admin/chat/broadcasts/:id',
    { preValidation: admins, ...routeSpec('admin', { params }, ChatBroadcastResponseSchema) },
    async (request) => answer(requireInbox(request).clientId, request.params.id),
  );
}
