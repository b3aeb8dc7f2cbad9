import {
  ErrorResponseSchema,
  ModerationItemResponseSchema,
  ModerationQueueQuerySchema,
  ModerationQueueResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { decideModeration } from './commands/decide-moderation.ts';
import { presentModerationItem } from './safety.presenter.ts';
import { findModerationItems, getModerationItem } from './safety.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a moderation item id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** The moderation queue: flagged texts to approve or remove, and the decisions taken. */
export async function safetyQueueRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/safety/queue',
    {
      schema: {
        tags: ['admin'],
        querystring: ModerationQueueQuerySchema,
        response: { 200: ModerationQueueResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findModerationItems(ctx.db, { clientId: request.tenant.id, query: request.query });
      return { items: page.items.map(presentModerationItem), next_cursor: page.nextCursor };
    },
  );

  for (const decision of ['approve', 'remove'] as const) {
    r.post(
      `/api/admin/safety/queue/:id/${decision}`,
      { schema: { tags: ['admin'], params, response: { 200: ModerationItemResponseSchema, ...errors } } },
      async (request: FastifyRequest<{ Params: z.infer<typeof params> }>) => {
        const clientId = request.tenant.id;
        const moderator = requireUser(request);
        const item = await getModerationItem(ctx.db, { clientId, id: request.params.id });
        if (!item) throw notFound('Moderation item not found');
        await decideModeration(ctx.db, { clientId, id: item.id, decision, moderatorId: moderator.id });
        return { item: presentModerationItem((await getModerationItem(ctx.db, { clientId, id: item.id }))!) };
      },
    );
  }
}
