import { CompleteShareRequestSchema, ErrorResponseSchema, ParticipateResponseSchema } from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { shares } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordParticipation } from '../activities/commands/record-participation.ts';
import { addFeedItem } from '../posts/commands/write-post.ts';
import { getActivityBlocker } from '../projects/projects.policy.ts';
import { presentActivity } from '../projects/projects.presenter.ts';
import { getMemberActivity } from '../projects/projects.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a share id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** POST /api/shares/{id}/complete: the member posted their share; records the participation and its points once. */
export async function sharesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/shares/:id/complete',
    {
      schema: {
        tags: ['activities'],
        params,
        body: CompleteShareRequestSchema,
        response: { 200: ParticipateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = { clientId: request.tenant.id, userId: request.user!.id };
      const [share] = await ctx.db
        .select()
        .from(shares)
        .where(
          and(eq(shares.id, request.params.id), eq(shares.clientId, q.clientId), eq(shares.userId, q.userId)),
        );
      if (!share) throw notFound('Share not found');
      const activity = await getMemberActivity(ctx.db, { ...q, activityId: share.activityId });
      if (!activity) throw notFound('Activity not found');
      const blocker = getActivityBlocker(activity);
      if (blocker) throw conflict(blocker.message, 'cannot_participate');
      const postUrl = request.body.post_url || null;
      const result = await recordParticipation(ctx.db, {
        ...q,
        activity,
        status: 'completed',
        data: { share_id: share.id, channel: share.channel, text: share.text, post_url: postUrl },
      });
      await ctx.db.update(shares).set({ sharedAt: new Date(), postUrl }).where(eq(shares.id, share.id));
      await addFeedItem(ctx.db, {
        clientId: q.clientId,
        authorId: q.userId,
        kind: 'share',
        sourceId: share.id,
        body: share.text,
        images: [],
      });
      const fresh = await getMemberActivity(ctx.db, { ...q, activityId: activity.id });
      return { activity: presentActivity(fresh!), points_awarded: result.pointsAwarded, score: null };
    },
  );
}
