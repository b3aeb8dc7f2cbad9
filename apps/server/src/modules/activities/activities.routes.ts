import {
  ActivityDetailResponseSchema,
  ErrorResponseSchema,
  ParticipateRequestSchema,
  ParticipateResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { presentActivity } from '../projects/projects.presenter.ts';
import { loadMemberActivity } from './activities.access.ts';
import { buildActivityContent } from './activities.content.ts';
import { participate } from './commands/participate.ts';

const params = z.object({ id: z.uuid({ message: 'id must be an activity id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** A member's activity: its content and participation of every type (tracked shares: shares.routes.ts). */
export async function activitiesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const load = (request: FastifyRequest, activityId: string) =>
    loadMemberActivity(ctx.db, { clientId: request.tenant.id, userId: requireUser(request).id, activityId });

  r.get(
    '/api/activities/:id',
    { schema: { tags: ['activities'], params, response: { 200: ActivityDetailResponseSchema, ...errors } } },
    async (request) => {
      const { activity, blocker } = await load(request, request.params.id);
      const content = await buildActivityContent(ctx.db, activity, request.tenant.client);
      return {
        activity: {
          ...presentActivity(activity),
          content,
          project_name: activity.project_name,
          // A rejected submission may be sent again (record-participation allows it).
          can_participate:
            blocker === null &&
            (activity.participation_id === null || activity.participation_status === 'rejected'),
        },
      };
    },
  );

  r.post(
    '/api/activities/:id/participation',
    {
      schema: {
        tags: ['activities'],
        params,
        body: ParticipateRequestSchema,
        response: { 200: ParticipateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { activity, blocker } = await load(request, request.params.id);
      if (request.body.type !== activity.type) {
        throw badRequest(`type must be ${activity.type} for this activity`);
      }
      if (blocker) throw conflict(blocker.message, 'cannot_participate');
      const result = await participate(ctx, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        activity,
        body: request.body,
      });
      const { activity: fresh } = await load(request, activity.id);
      return { activity: presentActivity(fresh), points_awarded: result.pointsAwarded, score: result.score };
    },
  );
}
