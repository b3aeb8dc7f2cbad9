import {
  ChatCannedRepliesResponseSchema,
  ChatCannedReplyResponseSchema,
  ChatProjectChannelResponseSchema,
  ChatSettingsResponseSchema,
  ChatSettingsSchema,
  CreateChatCannedReplyRequestSchema,
  ErrorResponseSchema,
  ListQuerySchema,
  OkResponseSchema,
  UpdateChatCannedReplyRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { manageChat, mayWriteCannedReplies } from './chat.policy.ts';
import { presentCannedReply } from './chat.presenter.ts';
import { getDmPolicy, setDmPolicy } from './chat-contacts.repository.ts';
import {
  deleteCannedReply,
  findCannedReplies,
  getProjectChannel,
  insertCannedReply,
  updateCannedReply,
} from './chat-inbox.repository.ts';
import { setProjectChannel } from './commands/set-project-channel.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a canned reply id' }) });
const projectParams = z.object({ id: z.uuid({ message: 'id must be a project id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

// Role before input validation: a lead learns nothing from a 400 of an admins' route.
const adminsOnly = async (request: FastifyRequest) => authorize(manageChat(requireUser(request)));
const cannedWriters = async (request: FastifyRequest) =>
  authorize(mayWriteCannedReplies(requireUser(request)));

/** Canned replies (read by the brand team, written by admins), chat settings and project channels (admins). */
export async function chatAdminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/chat/canned-replies',
    {
      schema: {
        tags: ['admin'],
        querystring: ListQuerySchema,
        response: { 200: ChatCannedRepliesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findCannedReplies(ctx.db, { clientId: request.tenant.id, query: request.query });
      return { replies: page.items.map(presentCannedReply), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/api/admin/chat/canned-replies',
    {
      preValidation: cannedWriters,
      schema: {
        tags: ['admin'],
        body: CreateChatCannedReplyRequestSchema,
        response: { 201: ChatCannedReplyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await insertCannedReply(ctx.db, {
        clientId: request.tenant.id,
        title: request.body.title,
        body: request.body.body,
        createdBy: requireUser(request).id,
      });
      return reply.code(201).send({ reply: presentCannedReply(row) });
    },
  );

  r.patch(
    '/api/admin/chat/canned-replies/:id',
    {
      preValidation: cannedWriters,
      schema: {
        tags: ['admin'],
        params,
        body: UpdateChatCannedReplyRequestSchema,
        response: { 200: ChatCannedReplyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await updateCannedReply(ctx.db, {
        clientId: request.tenant.id,
        id: request.params.id,
        ...request.body,
      });
      if (!row) throw notFound('Canned reply not found');
      return { reply: presentCannedReply(row) };
    },
  );

  r.delete(
    '/api/admin/chat/canned-replies/:id',
    {
      preValidation: cannedWriters,
      schema: { tags: ['admin'], params, response: { 200: OkResponseSchema, ...errors } },
    },
    async (request) => {
      const deleted = await deleteCannedReply(ctx.db, { clientId: request.tenant.id, id: request.params.id });
      if (!deleted) throw notFound('Canned reply not found');
      return { ok: true as const };
    },
  );

  r.get(
    '/api/admin/chat/settings',
    {
      preValidation: adminsOnly,
      schema: { tags: ['admin'], response: { 200: ChatSettingsResponseSchema, ...errors } },
    },
    async (request) => ({
      settings: { dm_policy: await getDmPolicy(ctx.db, { clientId: request.tenant.id }) },
    }),
  );

  r.patch(
    '/api/admin/chat/settings',
    {
      preValidation: adminsOnly,
      schema: {
        tags: ['admin'],
        body: ChatSettingsSchema,
        response: { 200: ChatSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setDmPolicy(ctx.db, { clientId: request.tenant.id, policy: request.body.dm_policy });
      return { settings: { dm_policy: await getDmPolicy(ctx.db, { clientId: request.tenant.id }) } };
    },
  );

  r.get(
    '/api/admin/chat/projects/:id/channel',
    {
      schema: {
        tags: ['admin'],
        params: projectParams,
        response: { 200: ChatProjectChannelResponseSchema, ...errors },
      },
    },
    async (request) => {
      const channel = await getProjectChannel(ctx.db, {
        clientId: request.tenant.id,
        projectId: request.params.id,
      });
      if (!channel) throw notFound('$t(words.project) not found');
      return {
        channel: {
          project_id: channel.project_id,
          conversation_id: channel.conversation_id,
          enabled: channel.conversation_id !== null && channel.archived_at === null,
        },
      };
    },
  );

  for (const [method, isOn] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/admin/chat/projects/:id/channel',
      preValidation: adminsOnly,
      schema: {
        tags: ['admin'],
        params: projectParams,
        response: { 200: ChatProjectChannelResponseSchema, ...errors },
      },
      handler: async (request) => {
        const channel = await setProjectChannel(ctx, {
          clientId: request.tenant.id,
          projectId: request.params.id,
          isOn,
          by: requireUser(request).id,
        });
        return { channel };
      },
    });
  }
}
