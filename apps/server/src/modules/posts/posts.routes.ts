import {
  CreatePostRequestSchema,
  ErrorResponseSchema,
  FeedQuerySchema,
  FeedResponseSchema,
  ListQuerySchema,
  OkResponseSchema,
  PostResponseSchema,
  UpdatePostRequestSchema,
} from '@rally/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { posts } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { createPost, updatePost } from './commands/write-post.ts';
import { commentsRoutes } from './comments.routes.ts';
import { loadPost, requireCommunity, requireTeamFeed, viewerOf, writerOf } from './posts.access.ts';
import { getPostAbilities } from './posts.policy.ts';
import { presentPost } from './posts.presenter.ts';
import { type FeedSource, findFeedPage, findPinnedPosts, pageBounds } from './posts.repository.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a post id' }) });
const teamParams = z.object({ teamId: z.uuid({ message: 'teamId must be a team id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Feed: the client's and following feeds, team feeds, posts (write, edit, remove, pin), comments, reactions. */
export async function postsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function page(request: FastifyRequest, source: FeedSource, query: z.infer<typeof ListQuerySchema>) {
    const viewer = viewerOf(request);
    const isFirst = query.cursor === undefined && source.scope === 'all';
    const [rows, pinned] = await Promise.all([
      findFeedPage(ctx.db, request.tenant.id, viewer, source, query),
      isFirst ? findPinnedPosts(ctx.db, request.tenant.id, viewer) : Promise.resolve([]),
    ]);
    const b = pageBounds(query);
    const hasMore = rows.length > b.size;
    const items = rows.slice(0, b.size);
    if (b.isNewer) items.reverse();
    return {
      posts: items.map((row) => presentPost(row, viewer)),
      pinned: pinned.map((row) => presentPost(row, viewer)),
      next_cursor: !b.isNewer && hasMore ? (items.at(-1)?.id ?? null) : null,
    };
  }

  async function answerPost(request: FastifyRequest, id: string) {
    return { post: presentPost(await loadPost(ctx, request, id), viewerOf(request)) };
  }

  r.get(
    '/api/feed',
    {
      schema: {
        tags: ['feed'],
        querystring: FeedQuerySchema,
        response: { 200: FeedResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireCommunity(request, 'feed');
      const { scope, ...query } = request.query;
      return page(request, { scope }, query);
    },
  );

  r.get(
    '/api/teams/:teamId/posts',
    {
      schema: {
        tags: ['feed'],
        params: teamParams,
        querystring: ListQuerySchema,
        response: { 200: FeedResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamFeed(ctx, request, request.params.teamId);
      return page(request, { scope: 'team', teamId: request.params.teamId }, request.query);
    },
  );

  r.post(
    '/api/posts',
    {
      schema: {
        tags: ['feed'],
        body: CreatePostRequestSchema,
        response: { 201: PostResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body, images, team_id: teamId, mentions } = request.body;
      if (teamId) await requireTeamFeed(ctx, request, teamId);
      else requireCommunity(request, 'feed');
      const id = await createPost(ctx, writerOf(request), { body, images, teamId: teamId ?? null, mentions });
      return reply.code(201).send(await answerPost(request, id));
    },
  );

  r.get(
    '/api/posts/:id',
    { schema: { tags: ['feed'], params, response: { 200: PostResponseSchema, ...errors } } },
    async (request) => answerPost(request, request.params.id),
  );

  r.patch(
    '/api/posts/:id',
    {
      schema: {
        tags: ['feed'],
        params,
        body: UpdatePostRequestSchema,
        response: { 200: PostResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadPost(ctx, request, request.params.id);
      if (!getPostAbilities(viewerOf(request), row).can_edit)
        throw forbidden('Only the author can edit this post');
      const mentions = (row.mention_people ?? []).map((p) => p.id);
      await updatePost(ctx, writerOf(request), { ...row, mentions }, request.body);
      return answerPost(request, row.id);
    },
  );

  r.delete(
    '/api/posts/:id',
    { schema: { tags: ['feed'], params, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const row = await loadPost(ctx, request, request.params.id);
      if (!getPostAbilities(viewerOf(request), row).can_delete)
        throw forbidden('Only the author or an admin can remove this post');
      // Removed, not deleted: moderation keeps who removed it and when; the feed no longer shows it.
      await ctx.db
        .update(posts)
        .set({ status: 'removed', removedAt: new Date(), removedBy: request.user!.id, pinnedAt: null })
        .where(and(eq(posts.id, row.id), eq(posts.clientId, request.tenant.id)));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/posts/:id/pin',
    {
      schema: {
        tags: ['feed'],
        params,
        response: { 200: PostResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (viewer.role !== 'ADMIN') throw forbidden('Only admins can pin announcements');
      const row = await loadPost(ctx, request, request.params.id);
      if (!getPostAbilities(viewer, row).can_pin)
        throw conflict('Only published posts of the whole feed can be pinned', 'not_pinnable');
      await ctx.db
        .update(posts)
        .set({ pinnedAt: sql`coalesce(${posts.pinnedAt}, now())` })
        .where(eq(posts.id, row.id));
      return answerPost(request, row.id);
    },
  );

  r.delete(
    '/api/posts/:id/pin',
    { schema: { tags: ['feed'], params, response: { 200: PostResponseSchema, ...errors } } },
    async (request) => {
      if (viewerOf(request).role !== 'ADMIN') throw forbidden('Only admins can unpin announcements');
      const row = await loadPost(ctx, request, request.params.id);
      await ctx.db
        .update(posts)
        .set({ pinnedAt: null })
        .where(and(eq(posts.id, row.id), eq(posts.clientId, request.tenant.id), isNull(posts.removedAt)));
      return answerPost(request, row.id);
    },
  );

  await commentsRoutes(app, ctx);
}
