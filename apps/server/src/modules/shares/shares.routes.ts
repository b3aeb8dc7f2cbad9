import {
  ActivitySharesResponseSchema,
  CompleteShareRequestSchema,
  CreateShareRequestSchema,
  ErrorResponseSchema,
  MyPostsQuerySchema,
  MyPostsResponseSchema,
  ParticipateResponseSchema,
  ShareResponseSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { loadMemberActivity } from '../activities/activities.access.ts';
import { presentActivity } from '../projects/projects.presenter.ts';
import { completeShare } from './commands/complete-share.ts';
import { createShare } from './commands/create-share.ts';
import { listMyPosts } from './commands/list-my-posts.ts';
import { presentMyPost, presentShare } from './shares.presenter.ts';
import { findActivityShares } from './shares.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a share id' }) });
const activityParams = z.object({ id: z.uuid({ message: 'id must be an activity id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/**
 * Tracked shares: POST /api/activities/{id}/shares makes (or answers again) the member's tracked link of a
 * Personal Page activity on a network; GET /api/activities/{id}/shares lists their links of it (a pending one
 * survives a reload); POST /api/shares/{id}/complete records that they posted it, with the participation and its
 * points once; GET /api/shares is My Posts.
 */
export async function sharesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/activities/:id/shares',
    {
      schema: {
        tags: ['activities'],
        params: activityParams,
        body: CreateShareRequestSchema,
        response: { 200: ShareResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { activity, blocker } = await loadMemberActivity(ctx.db, {
        clientId: request.tenant.id,
        userId: user.id,
        activityId: request.params.id,
      });
      if (activity.type !== 'social_post') throw badRequest('Only Personal Page activities are shared');
      if (blocker) throw conflict(blocker.message, 'cannot_participate');
      const share = await createShare(ctx.db, {
        clientId: request.tenant.id,
        userId: user.id,
        activity,
        client: request.tenant.client,
        channel: request.body.channel,
        text: request.body.text,
      });
      return { share: presentShare(share, request.tenant.linkOrigin) };
    },
  );

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
      const result = await completeShare(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        shareId: request.params.id,
        postUrl: request.body.post_url || null,
      });
      return {
        activity: presentActivity(result.activity),
        points_awarded: result.pointsAwarded,
        score: null,
      };
    },
  );

  r.get(
    '/api/activities/:id/shares',
    {
      schema: {
        tags: ['activities'],
        params: activityParams,
        response: { 200: ActivitySharesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = { clientId: request.tenant.id, userId: requireUser(request).id };
      await loadMemberActivity(ctx.db, { ...q, activityId: request.params.id });
      const rows = await findActivityShares(ctx.db, { ...q, activityId: request.params.id });
      return { shares: rows.map((row) => presentShare(row, request.tenant.linkOrigin)) };
    },
  );

  r.get(
    '/api/shares',
    {
      schema: {
        tags: ['activities'],
        querystring: MyPostsQuerySchema,
        response: { 200: MyPostsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listMyPosts(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
        query: request.query,
      });
      return {
        shares: page.items.map((row) => presentMyPost(row, request.tenant.linkOrigin)),
        next_cursor: page.nextCursor,
      };
    },
  );
}
