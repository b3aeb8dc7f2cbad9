import {
  ErrorResponseSchema,
  FollowResponseSchema,
  ListQuerySchema,
  PeoplePageResponseSchema,
} from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { follows } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { displayNameOf } from '../users/people.presenter.ts';
import { countFollowers, findFollowPeople, getFollowable } from './follows.repository.ts';

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
    const user = await getFollowable(ctx.db, request.tenant.id, id);
    if (!user) throw notFound('Member not found');
    return user;
  }

  r.post(
    '/api/users/:id/follow',
    { schema: { tags: ['follows'], params: userParams, response: { 200: FollowResponseSchema, ...errors } } },
    async (request) => {
      const me = request.user!;
      const followee = await followableOr404(request, request.params.id);
      if (followee.id === me.id) throw badRequest('You cannot follow yourself');
      await ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const added = await tx
          .insert(follows)
          .values({ clientId: request.tenant.id, followerId: me.id, followeeId: followee.id })
          .onConflictDoNothing()
          .returning({ followerId: follows.followerId });
        // Following again changes nothing and notifies nobody.
        if (added.length === 0) return;
        await notify(tx, {
          clientId: request.tenant.id,
          kind: 'follow',
          to: { users: [followee.id] },
          actorId: me.id,
          title: `${displayNameOf({
            email: me.email,
            username: me.username,
            displayUsername: me.display_username,
            firstName: me.first_name,
            lastName: me.last_name,
          })} started following you`,
          link: `/people/${me.id}`,
        });
      });
      return { is_following: true, follower_count: await countFollowers(ctx.db, followee.id) };
    },
  );

  r.delete(
    '/api/users/:id/follow',
    { schema: { tags: ['follows'], params: userParams, response: { 200: FollowResponseSchema, ...errors } } },
    async (request) => {
      const me = request.user!;
      const followee = await followableOr404(request, request.params.id);
      if (followee.id === me.id) throw badRequest('You cannot follow yourself');
      await ctx.db
        .delete(follows)
        .where(and(eq(follows.followerId, me.id), eq(follows.followeeId, followee.id)));
      return { is_following: false, follower_count: await countFollowers(ctx.db, followee.id) };
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
        return findFollowPeople(ctx.db, request.tenant.id, user.id, direction, request.query);
      },
    );
  }
}
