import { ErrorResponseSchema, getLocation, getRoleLabelKey, ProfileResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { countFollowers, countFollowing, isFollowing } from '../follows/follows.repository.ts';
import { displayNameOf } from '../users/people.presenter.ts';
import { hasPublicProfile, seesAllOfProfile } from './profiles.policy.ts';
import {
  findEarnedBadges,
  findProfileTeams,
  findRecentActivity,
  getAllTimePoints,
  getProfileUser,
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
      const me = requireUser(request);
      const viewerId = me.id;
      const user = await getProfileUser(ctx.db, { clientId, userId: request.params.id });
      // Applicants and deactivated accounts have no public profile.
      if (!user || !hasPublicProfile(user)) throw notFound('Member not found');
      const viewer = { id: viewerId, seesAll: seesAllOfProfile(me) };
      const owner = { clientId, userId: user.id };
      const [points, badges, followerCount, followingCount, following, teams, recent] = await Promise.all([
        getAllTimePoints(ctx.db, owner),
        findEarnedBadges(ctx.db, owner),
        countFollowers(ctx.db, owner),
        countFollowing(ctx.db, owner),
        isFollowing(ctx.db, { clientId, followerId: viewerId, followeeId: user.id }),
        findProfileTeams(ctx.db, { ...owner, viewer }),
        findRecentActivity(ctx.db, { ...owner, viewer }),
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
          role_label_key: getRoleLabelKey({ role: user.role, team_tags: user.teamTags }),
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
