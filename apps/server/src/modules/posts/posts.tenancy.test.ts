import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, jobs, posts, reactions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, userByEmail } from '../../test/factories.ts';
import { createComment, createHeldPost, createPost, createReaction } from '../../test/factories-feed.ts';
import { moderateComment } from './commands/moderate-comment.ts';
import { moderatePost } from './commands/moderate-post.ts';
import { pinPost } from './commands/pin-post.ts';
import { removeComment } from './commands/remove-comment.ts';
import { removePost } from './commands/remove-post.ts';
import { removeReaction } from './commands/remove-reaction.ts';
import { setReaction } from './commands/set-reaction.ts';
import { updateComment } from './commands/update-comment.ts';
import { updatePost } from './commands/update-post.ts';
import {
  bumpCommentCount,
  markCommentRemoved,
  setCommentStatus,
  updateCommentText,
} from './comments.repository.ts';
import type { Writer } from './posts.policy.ts';
import {
  bumpReactionCount,
  deleteReaction,
  markPostRemoved,
  pinPostRow,
  publishHeldPost,
  takeDownPost,
  unpinPostRow,
  updatePostText,
  upsertReaction,
} from './posts.repository.ts';

/**
 * Tenancy of the feed's writes: every repository function and command that updates or deletes, given the other
 * client's id with a post, comment or reaction of the first client, changes nothing.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let author: { id: string };
let admin: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  author = await userByEmail(t.ctx.db, 'member@demo.test');
  admin = await userByEmail(t.ctx.db, 'admin@demo.test');
});
afterAll(() => t.close());

const postRow = async (id: string) => (await t.ctx.db.select().from(posts).where(eq(posts.id, id)))[0]!;
const commentRow = async (id: string) =>
  (await t.ctx.db.select().from(comments).where(eq(comments.id, id)))[0]!;
const reactionsOf = (postId: string) => t.ctx.db.select().from(reactions).where(eq(reactions.postId, postId));
const jobCount = async () => (await t.ctx.db.select().from(jobs)).length;

/** The demo member as a writer of the other client (Acme): what a forged tenant would hand the commands. */
const acmeWriter = (): Writer => ({
  id: author.id,
  role: 'USER',
  teamTags: [],
  clientId: ids.acme,
  name: 'Someone',
});

/** A published demo post with a count of comments and reactions, and one reaction and comment of its author. */
async function demoPost(input: Partial<typeof posts.$inferInsert> = {}) {
  const post = await createPost(t.ctx.db, {
    clientId: ids.demo,
    authorId: author.id,
    commentCount: 1,
    reactionCount: 1,
    ...input,
  });
  await createReaction(t.ctx.db, { clientId: ids.demo, postId: post.id, userId: author.id, kind: 'like' });
  const comment = await createComment(t.ctx.db, { clientId: ids.demo, postId: post.id, authorId: author.id });
  return { post, comment };
}

describe("posts.repository writes with the other client's id", () => {
  it('change no post of the first client', async () => {
    const { post } = await demoPost();
    const pinned = (await demoPost({ pinnedAt: new Date() })).post;
    const held = await createHeldPost(t.ctx.db, { clientId: ids.demo, authorId: author.id });
    const before = await Promise.all([post, pinned, held].map((p) => postRow(p.id)));
    const acme = ids.acme;
    await updatePostText(t.ctx.db, {
      clientId: acme,
      id: post.id,
      body: 'Rewritten',
      mentions: [],
      status: 'published',
      link: null,
    });
    await pinPostRow(t.ctx.db, { clientId: acme, id: post.id });
    await unpinPostRow(t.ctx.db, { clientId: acme, id: pinned.id });
    await markPostRemoved(t.ctx.db, { clientId: acme, id: post.id, removedBy: admin.id });
    await markPostRemoved(t.ctx.db, { clientId: acme, id: pinned.id, removedBy: admin.id });
    expect(await publishHeldPost(t.ctx.db, { clientId: acme, id: held.id })).toBe(false);
    await takeDownPost(t.ctx.db, { clientId: acme, id: held.id, removedBy: admin.id });
    await takeDownPost(t.ctx.db, { clientId: acme, id: post.id, removedBy: admin.id });
    await bumpReactionCount(t.ctx.db, { clientId: acme, postId: post.id, by: 5 });
    await bumpCommentCount(t.ctx.db, { clientId: acme, postId: post.id, by: -1 });
    expect(await Promise.all([post, pinned, held].map((p) => postRow(p.id)))).toEqual(before);
  });

  it("change and delete no reaction of the first client's member", async () => {
    const { post } = await demoPost();
    const before = await reactionsOf(post.id);
    expect(
      await upsertReaction(t.ctx.db, {
        clientId: ids.acme,
        postId: post.id,
        userId: author.id,
        kind: 'love',
      }),
    ).toBe(false);
    expect(await deleteReaction(t.ctx.db, { clientId: ids.acme, postId: post.id, userId: author.id })).toBe(
      false,
    );
    expect(await reactionsOf(post.id)).toEqual(before);
    expect(before).toHaveLength(1);
  });
});

describe("comments.repository writes with the other client's id", () => {
  it('change no comment of the first client', async () => {
    const { post, comment } = await demoPost();
    const before = await commentRow(comment.id);
    expect(
      await updateCommentText(t.ctx.db, {
        clientId: ids.acme,
        id: comment.id,
        fromStatus: 'published',
        body: 'Rewritten',
        mentions: [],
        status: 'published',
      }),
    ).toBe(false);
    expect(await markCommentRemoved(t.ctx.db, { clientId: ids.acme, id: comment.id })).toBeUndefined();
    await setCommentStatus(t.ctx.db, { clientId: ids.acme, id: comment.id, status: 'removed' });
    expect(await commentRow(comment.id)).toEqual(before);
    expect((await postRow(post.id)).commentCount).toBe(1);
  });
});

describe("feed commands with the other client's id", () => {
  it('pin, unpin and remove no post of the first client', async () => {
    const { post } = await demoPost();
    const pinned = (await demoPost({ pinnedAt: new Date() })).post;
    const before = await Promise.all([post, pinned].map((p) => postRow(p.id)));
    await pinPost(t.ctx.db, { clientId: ids.acme, postId: post.id, pinned: true });
    await pinPost(t.ctx.db, { clientId: ids.acme, postId: pinned.id, pinned: false });
    await removePost(t.ctx.db, { clientId: ids.acme, postId: post.id, removedBy: admin.id });
    expect(await Promise.all([post, pinned].map((p) => postRow(p.id)))).toEqual(before);
  });

  it('edit no post or comment of the first client', async () => {
    const { post, comment } = await demoPost();
    const before = [await postRow(post.id), await commentRow(comment.id)];
    await updatePost(
      t.ctx,
      acmeWriter(),
      { ...post, team_id: post.teamId, status: 'published', mentions: [] },
      { body: 'Rewritten by another client' },
    );
    await updateComment(
      t.ctx.db,
      acmeWriter(),
      { id: post.id, team_id: post.teamId, author_id: post.authorId },
      { id: comment.id, status: 'published', mentions: [] },
      { body: 'Rewritten by another client' },
    );
    expect([await postRow(post.id), await commentRow(comment.id)]).toEqual(before);
  });

  it("remove no comment and change no reaction or count of the first client's post", async () => {
    const { post, comment } = await demoPost();
    const before = [await postRow(post.id), await commentRow(comment.id), await reactionsOf(post.id)];
    const ref = { id: post.id, team_id: post.teamId, author_id: post.authorId };
    await removeComment(t.ctx.db, { clientId: ids.acme, comment: { id: comment.id, post_id: post.id } });
    await setReaction(t.ctx.db, acmeWriter(), ref, 'love');
    await removeReaction(t.ctx.db, acmeWriter(), post.id);
    expect([await postRow(post.id), await commentRow(comment.id), await reactionsOf(post.id)]).toEqual(
      before,
    );
  });

  it("publish or take down no held post or comment of the first client on a moderator's decision", async () => {
    const held = await createHeldPost(t.ctx.db, { clientId: ids.demo, authorId: author.id });
    const { post, comment: published } = await demoPost();
    const heldComment = await createComment(t.ctx.db, {
      clientId: ids.demo,
      postId: post.id,
      authorId: author.id,
      status: 'held',
    });
    const rows = async () => [
      await postRow(held.id),
      await postRow(post.id),
      await commentRow(heldComment.id),
      await commentRow(published.id),
    ];
    const before = await rows();
    const jobsBefore = await jobCount();
    for (const decision of ['approve', 'remove'] as const) {
      const d = { clientId: ids.acme, decision, moderatorId: admin.id };
      await moderatePost(t.ctx.db, { ...d, id: held.id });
      await moderatePost(t.ctx.db, { ...d, id: post.id });
      await moderateComment(t.ctx.db, { ...d, id: heldComment.id });
      await moderateComment(t.ctx.db, { ...d, id: published.id });
    }
    expect(await rows()).toEqual(before);
    expect(await jobCount()).toBe(jobsBefore);
  });
});
