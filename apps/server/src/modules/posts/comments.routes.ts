import {
  CommentResponseSchema,
  CommentsResponseSchema,
  CreateCommentRequestSchema,
  ErrorResponseSchema,
  ListQuerySchema,
  MentionsQuerySchema,
  MentionsResponseSchema,
  OkResponseSchema,
  PostResponseSchema,
  ReactionRequestSchema,
  UpdateCommentRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { conflict, hiddenAs, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { createComment } from './commands/create-comment.ts';
import { removeComment } from './commands/remove-comment.ts';
import { removeReaction } from './commands/remove-reaction.ts';
import { setReaction } from './commands/set-reaction.ts';
import { updateComment } from './commands/update-comment.ts';
import { findComments, getCommentCount, getVisibleComment } from './comments.repository.ts';
import { loadPost, readerOf, requireCommunity, viewerOf, writerOf } from './posts.access.ts';
import { mayEditComment, mayRemoveComment } from './posts.policy.ts';
import { presentComment, presentPerson, presentPost } from './posts.presenter.ts';
import { findMentionCandidates, type PostRow, pageBounds } from './posts.repository.ts';

const postParams = z.object({ id: z.uuid({ message: 'id must be a post id' }) });
const commentParams = z.object({ id: z.uuid({ message: 'id must be a comment id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** Comments and reactions are for published posts: a held one waits for review first. */
function requirePublished(row: PostRow): void {
  if (row.status !== 'published') throw conflict('This post is waiting for review', 'post_held');
}

/** Comments on posts, the member's reaction to a post, and @mention autocomplete. */
export async function commentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const countOf = (request: FastifyRequest, postId: string) =>
    getCommentCount(ctx.db, { clientId: request.tenant.id, postId });

  /** The comment with its post, both visible to the viewer; 404 otherwise. */
  async function loadComment(request: FastifyRequest, id: string) {
    const comment = await getVisibleComment(ctx.db, {
      clientId: request.tenant.id,
      reader: readerOf(request),
      commentId: id,
    });
    if (!comment) throw notFound('Comment not found');
    const post = await loadPost(ctx, request, comment.post_id).catch(hiddenAs('Comment not found'));
    return { comment, post };
  }

  r.get(
    '/api/posts/:id/comments',
    {
      schema: {
        tags: ['feed'],
        params: postParams,
        querystring: ListQuerySchema,
        response: { 200: CommentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const post = await loadPost(ctx, request, request.params.id);
      const viewer = viewerOf(request);
      const rows = await findComments(ctx.db, {
        clientId: request.tenant.id,
        reader: readerOf(request),
        postId: post.id,
        query: request.query,
      });
      const b = pageBounds(request.query);
      const items = rows.slice(0, b.size);
      if (b.isNewer) items.reverse();
      return {
        comments: items.map((row) => presentComment(row, viewer)),
        next_cursor: !b.isNewer && rows.length > b.size ? (items.at(-1)?.id ?? null) : null,
      };
    },
  );

  r.post(
    '/api/posts/:id/comments',
    {
      schema: {
        tags: ['feed'],
        params: postParams,
        body: CreateCommentRequestSchema,
        response: { 201: CommentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const post = await loadPost(ctx, request, request.params.id);
      requirePublished(post);
      const id = await createComment(ctx.db, writerOf(request), post, request.body);
      const { comment } = await loadComment(request, id);
      return reply.code(201).send({
        comment: presentComment(comment, viewerOf(request)),
        comment_count: await countOf(request, post.id),
      });
    },
  );

  r.patch(
    '/api/comments/:id',
    {
      schema: {
        tags: ['feed'],
        params: commentParams,
        body: UpdateCommentRequestSchema,
        response: { 200: CommentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { comment, post } = await loadComment(request, request.params.id);
      const viewer = viewerOf(request);
      authorize(mayEditComment(viewer, comment));
      const mentions = (comment.mention_people ?? []).map((p) => p.id);
      await updateComment(ctx.db, writerOf(request), post, { ...comment, mentions }, request.body);
      const fresh = await getVisibleComment(ctx.db, {
        clientId: request.tenant.id,
        reader: readerOf(request),
        commentId: comment.id,
      });
      return { comment: presentComment(fresh!, viewer), comment_count: await countOf(request, post.id) };
    },
  );

  r.delete(
    '/api/comments/:id',
    { schema: { tags: ['feed'], params: commentParams, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const { comment } = await loadComment(request, request.params.id);
      authorize(mayRemoveComment(viewerOf(request), comment));
      await removeComment(ctx.db, { clientId: request.tenant.id, comment });
      return { ok: true as const };
    },
  );

  r.put(
    '/api/posts/:id/reaction',
    {
      schema: {
        tags: ['feed'],
        params: postParams,
        body: ReactionRequestSchema,
        response: { 200: PostResponseSchema, ...errors },
      },
    },
    async (request) => {
      const post = await loadPost(ctx, request, request.params.id);
      requirePublished(post);
      await setReaction(ctx.db, writerOf(request), post, request.body.kind);
      return { post: presentPost(await loadPost(ctx, request, post.id), viewerOf(request)) };
    },
  );

  r.delete(
    '/api/posts/:id/reaction',
    { schema: { tags: ['feed'], params: postParams, response: { 200: PostResponseSchema, ...errors } } },
    async (request) => {
      const post = await loadPost(ctx, request, request.params.id);
      await removeReaction(ctx.db, writerOf(request), post.id);
      return { post: presentPost(await loadPost(ctx, request, post.id), viewerOf(request)) };
    },
  );

  r.get(
    '/api/mentions',
    {
      schema: {
        tags: ['feed'],
        querystring: MentionsQuerySchema,
        response: { 200: MentionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireCommunity(request, 'team');
      const rows = await findMentionCandidates(ctx.db, {
        clientId: request.tenant.id,
        viewerId: requireUser(request).id,
        q: request.query.q,
      });
      return {
        members: rows.map((row) => {
          const p = presentPerson(row);
          return { id: p.id, display_name: p.display_name, image_url: p.image_url };
        }),
      };
    },
  );
}
