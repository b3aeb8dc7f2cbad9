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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { conflict } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { registerHeldContentPublisher } from '../safety/safety.hooks.ts';
import { createPost } from './commands/create-post.ts';
import { moderateComment } from './commands/moderate-comment.ts';
import { moderatePost } from './commands/moderate-post.ts';
import { pinPost } from './commands/pin-post.ts';
import { removePost } from './commands/remove-post.ts';
import { updatePost } from './commands/update-post.ts';
import { commentsRoutes } from './comments.routes.ts';
import { loadPost, readerOf, requireCommunity, requireTeamFeed, viewerOf, writerOf } from './posts.access.ts';
import { getPostAbilities, mayEditPost, mayPin, mayRemovePost, mayUnpin } from './posts.policy.ts';
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
  // Moderators' decisions on queued posts and comments reach them through safety's hooks (safety imports no feed).
  registerHeldContentPublisher('post', moderatePost);
  registerHeldContentPublisher('comment', moderateComment);

  async function page(request: FastifyRequest, source: FeedSource, query: z.infer<typeof ListQuerySchema>) {
    const viewer = viewerOf(request);
    const clientId = request.tenant.id;
    const reader = readerOf(request);
    const isFirst = query.cursor === undefined && source.scope === 'all';
    const [rows, pinned] = await Promise.all([
      findFeedPage(ctx.db, { clientId, reader, source, query }),
      isFirst ? findPinnedPosts(ctx.db, { clientId, reader }) : Promise.resolve([]),
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
      authorize(mayEditPost(viewerOf(request), row));
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
      authorize(mayRemovePost(viewerOf(request), row));
      await removePost(ctx.db, {
        clientId: request.tenant.id,
        postId: row.id,
        removedBy: requireUser(request).id,
      });
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
      authorize(mayPin(viewer));
      const row = await loadPost(ctx, request, request.params.id);
      if (!getPostAbilities(viewer, row).can_pin)
        throw conflict('Only published posts of the whole feed can be pinned', 'not_pinnable');
      await pinPost(ctx.db, { clientId: request.tenant.id, postId: row.id, pinned: true });
      return answerPost(request, row.id);
    },
  );

  r.delete(
    '/api/posts/:id/pin',
    { schema: { tags: ['feed'], params, response: { 200: PostResponseSchema, ...errors } } },
    async (request) => {
      authorize(mayUnpin(viewerOf(request)));
      const row = await loadPost(ctx, request, request.params.id);
      await pinPost(ctx.db, { clientId: request.tenant.id, postId: row.id, pinned: false });
      return answerPost(request, row.id);
    },
  );

  await commentsRoutes(app, ctx);
}
