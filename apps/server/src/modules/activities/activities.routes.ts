import {
  ActivityDetailResponseSchema,
  CreateShareRequestSchema,
  countPostCharacters,
  ErrorResponseSchema,
  findPlaceholders,
  getPostCharacterLimit,
  ParticipateRequestSchema,
  ParticipateResponseSchema,
  ShareResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { shares } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { getActivityBlocker } from '../projects/projects.policy.ts';
import { presentActivity } from '../projects/projects.presenter.ts';
import { getMemberActivity } from '../projects/projects.repository.ts';
import { queueIfFlagged, screenMemberText } from '../safety/safety.ts';
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

/** A member's activity: its content, tracked shares of a post, and participation of every type. */
export async function activitiesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The activity with its project's state for the member, or 404 when the member cannot see it. */
  async function load(request: FastifyRequest, activityId: string) {
    const q = { clientId: request.tenant.id, userId: request.user!.id };
    // One query: the activity, its project's dates and whether the member joined it.
    const activity = await getMemberActivity(ctx.db, { ...q, activityId });
    if (!activity) throw notFound('Activity not found');
    return { activity, blocker: getActivityBlocker(activity) };
  }

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
    '/api/activities/:id/shares',
    {
      schema: {
        tags: ['activities'],
        params,
        body: CreateShareRequestSchema,
        response: { 200: ShareResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { activity, blocker } = await load(request, request.params.id);
      if (activity.type !== 'social_post') throw badRequest('Only Personal Page activities are shared');
      if (blocker) throw conflict(blocker.message, 'cannot_participate');
      const content = await buildActivityContent(ctx.db, activity, request.tenant.client);
      const { channel, text } = request.body;
      if (content.type !== 'social_post' || !content.channels.includes(channel)) {
        throw badRequest(`channel ${channel} is not offered for this post`);
      }
      const trimmed = text.trim();
      if (trimmed === '') throw badRequest('Text is required');
      const limit = getPostCharacterLimit(channel);
      if (countPostCharacters(trimmed) > limit)
        throw badRequest(`Text must be ${limit} characters or less for ${channel}`);
      const missing = findPlaceholders(trimmed);
      if (missing.length > 0)
        throw badRequest(`Fill in every placeholder: ${missing.map((m) => `[[${m}]]`).join(', ')}`);
      const verdict = await screenMemberText(ctx.db, request.tenant.id, 'Text', trimmed);
      const [share] = await ctx.db
        .insert(shares)
        .values({
          clientId: request.tenant.id,
          userId: request.user!.id,
          activityId: activity.id,
          channel,
          text: trimmed,
        })
        .returning();
      // The member posts it on their own network, so nothing can be held; a moderator still sees it.
      await queueIfFlagged(ctx.db, verdict, {
        clientId: request.tenant.id,
        targetKind: 'share',
        targetId: share!.id,
        authorId: request.user!.id,
        text: trimmed,
        isHeld: false,
      });
      return { share: presentShare(request, share!) };
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
        userId: request.user!.id,
        activity,
        body: request.body,
      });
      const { activity: fresh } = await load(request, activity.id);
      return { activity: presentActivity(fresh), points_awarded: result.pointsAwarded, score: result.score };
    },
  );
}

/** A share with its public tracked link on the client's own domain (never the request's Host). */
export function presentShare(request: FastifyRequest, share: typeof shares.$inferSelect) {
  return {
    id: share.id,
    url: `${request.tenant.linkOrigin ?? ''}/p/${share.id}`,
    channel: share.channel,
    text: share.text,
    clicks: share.clicks,
  };
}
