import {
  ErrorResponseSchema,
  FollowResponseSchema,
  ListQuerySchema,
  PeoplePageResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { followMember } from './commands/follow-member.ts';
import { isFollowable } from './follows.policy.ts';
import { countFollowers, deleteFollow, findFollowPeople, getMember } from './follows.repository.ts';

const userParams = z.object({ id: z.uuid({ message: 'id must be a user id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Follow and unfollow members of the same client; followers and following lists. */
export async function followsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function followableOr404(request: FastifyRequest, id: string) {
    const user = await getMember(ctx.db, { clientId: request.tenant.id, userId: id });
    if (!user || !isFollowable(user)) throw notFound('Member not found');
    return user;
  }

  r.post(
    '/api/users/:id/follow',
    { schema: { tags: ['follows'], params: userParams, response: { 200: FollowResponseSchema, ...errors } } },
    async (request) => {
      const me = requireUser(request);
      const clientId = request.tenant.id;
      const followee = await followableOr404(request, request.params.id);
      if (followee.id === me.id) throw badRequest('You cannot follow yourself');
      await followMember(ctx.db, { clientId, follower: me, followeeId: followee.id });
      return {
        is_following: true,
        follower_count: await countFollowers(ctx.db, { clientId, userId: followee.id }),
      };
    },
  );

  r.delete(
    '/api/users/:id/follow',
    { schema: { tags: ['follows'], params: userParams, response: { 200: FollowResponseSchema, ...errors } } },
    async (request) => {
      const me = requireUser(request);
      const clientId = request.tenant.id;
      const followee = await followableOr404(request, request.params.id);
      if (followee.id === me.id) throw badRequest('You cannot follow yourself');
      await deleteFollow(ctx.db, { clientId, followerId: me.id, followeeId: followee.id });
      return {
        is_following: false,
        follower_count: await countFollowers(ctx.db, { clientId, userId: followee.id }),
      };
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    r.get(
      `/api/users/:id/${direction}`,
      {
        schema: {
          tags: ['follows'],
          params: userParams,
          querystring: ListQuerySchema,
          response: { 200: PeoplePageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await followableOr404(request, request.params.id);
        return findFollowPeople(ctx.db, {
          clientId: request.tenant.id,
          userId: user.id,
          direction,
          query: request.query,
        });
      },
    );
  }
}
