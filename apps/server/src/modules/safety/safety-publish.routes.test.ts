import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItems, notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';
import { createPost } from '../../test/factories-feed.ts';
import { drainJobs } from '../../test/factories-notifications.ts';
import { createSafetyRule, setFlagAction } from '../../test/factories-safety.ts';

// A held text told nobody; once a moderator approves it, the people it concerns hear of it as they would have.
let t: TestApp;
let demo: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  adminToken = await t.login('admin@demo.test');
  await createSafetyRule(t.ctx.db, { clientId: demo, phrase: 'giveaway', kind: 'flag' });
  await setFlagAction(t.ctx.db, demo, 'hold');
});
afterAll(() => t.close());

async function member() {
  const user = await createUser(t.ctx.db, { clientId: demo });
  return { user, token: await t.login(user.email!) };
}
const noticesOf = async (userId: string, kind: string) => {
  await drainJobs(t);
  return t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
};
async function approveItemOf(targetId: string) {
  const [item] = await t.ctx.db.select().from(moderationItems).where(eq(moderationItems.targetId, targetId));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/safety/queue/${item!.id}/approve`,
    headers: headersFor(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('approving held texts', () => {
  it('tells the members a held post mentions only once it is approved', async () => {
    const [writer, named] = [await member(), await member()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: headersFor(writer.token),
      payload: { body: 'Big giveaway today, @Test User!', mentions: [named.user.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().post.status).toBe('held');
    expect(await noticesOf(named.user.id, 'mention')).toEqual([]);

    await approveItemOf(res.json().post.id);
    expect(await noticesOf(named.user.id, 'mention')).toEqual([
      expect.objectContaining({
        actorId: writer.user.id,
        link: `/community/feed?post=${res.json().post.id}`,
      }),
    ]);
  });

  it("tells a post's author of a held comment once it is approved", async () => {
    const [author, commenter] = [await member(), await member()];
    const post = await createPost(t.ctx.db, { clientId: demo, authorId: author.user.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: headersFor(commenter.token),
      payload: { body: 'Is the giveaway still on?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await noticesOf(author.user.id, 'comment')).toEqual([]);

    await approveItemOf(res.json().comment.id);
    expect(await noticesOf(author.user.id, 'comment')).toEqual([
      expect.objectContaining({ actorId: commenter.user.id, title: 'Test User commented on your post' }),
    ]);
  });
});
