import {
  ErrorResponseSchema,
  getLocation,
  getRoleLabelKey,
  ProfileResponseSchema,
  type Role,
} from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { countFollowers, countFollowing, isFollowing } from '../follows/follows.repository.ts';
import { displayNameOf } from '../users/people.presenter.ts';
import {
  findEarnedBadges,
  findProfileTeams,
  findRecentActivity,
  getAllTimePoints,
} from './profiles.repository.ts';

const userParams = z.object({ id: z.uuid({ message: 'id must be a user id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Public member profiles: who they are, their points, badges, follows, teams and recent activity. */
export async function profilesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/:id/profile',
    {
      schema: { tags: ['profiles'], params: userParams, response: { 200: ProfileResponseSchema, ...errors } },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const viewerId = request.user!.id;
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.clientId, clientId), eq(users.id, request.params.id)));
      // Applicants and deactivated accounts have no public profile.
      if (!user?.isActive || user.role === 'APPLICANT') throw notFound('Member not found');
      const [points, badges, followerCount, followingCount, following, teams, recent] = await Promise.all([
        getAllTimePoints(ctx.db, clientId, user.id),
        findEarnedBadges(ctx.db, clientId, user.id),
        countFollowers(ctx.db, user.id),
        countFollowing(ctx.db, user.id),
        isFollowing(ctx.db, viewerId, user.id),
        findProfileTeams(ctx.db, clientId, user.id, request.user!),
        findRecentActivity(ctx.db, clientId, user.id, request.user!),
      ]);
      return {
        profile: {
          id: user.id,
          display_name: displayNameOf(user),
          image_url: user.imageUrl,
          city: user.city,
          state: user.state,
          country: user.country,
          location: getLocation(user),
          bio: user.bio,
          role_label_key: getRoleLabelKey({ role: user.role as Role, team_tags: user.teamTags }),
          points,
          badges,
          follower_count: followerCount,
          following_count: followingCount,
          is_following: following,
          is_self: user.id === viewerId,
          teams,
          recent_activity: recent,
        },
      };
    },
  );
}
