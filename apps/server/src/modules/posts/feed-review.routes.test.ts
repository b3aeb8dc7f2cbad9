import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItems, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createTeam,
  createUser,
  headersFor,
  joinProject,
} from '../../test/factories.ts';
import { createSafetyRule, setFlagAction } from '../../test/factories-safety.ts';

// Texts under review stay as the moderator will see them, hidden teams stay unnamed, and a share joins the
// feed under the client's brand-safety rules.
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  await createSafetyRule(t.ctx.db, { clientId: demo, phrase: 'giveaway', kind: 'flag' });
  await setFlagAction(t.ctx.db, demo, 'hold');
});
afterAll(() => t.close());

async function member() {
  const user = await createUser(t.ctx.db, { clientId: demo });
  return { user, token: await t.login(user.email!) };
}
const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersFor(token), ...(payload ? { payload } : {}) });

describe('a held post or comment', () => {
  it('cannot be changed by its author until a moderator decides, and keeps its reviewed text', async () => {
    const { token } = await member();
    const created = await send('POST', '/api/posts', token, { body: 'Giveaway at noon' });
    expect(created.json().post.status).toBe('held');
    const id = created.json().post.id as string;
    const edit = await send('PATCH', `/api/posts/${id}`, token, { body: 'Something nobody reviewed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      message: 'This post is waiting for review and cannot be changed until a moderator has decided',
      code: 'held',
    });
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.body).toBe('Giveaway at noon');

    const other = await member();
    const open = await send('POST', '/api/posts', other.token, { body: 'A clean post' });
    const comment = await send('POST', `/api/posts/${open.json().post.id}/comments`, token, {
      body: 'Any giveaway?',
    });
    expect(comment.statusCode).toBe(201);
    const commentEdit = await send('PATCH', `/api/comments/${comment.json().comment.id}`, token, {
      body: 'Hi',
    });
    expect(commentEdit.statusCode).toBe(409);
    expect(commentEdit.json().code).toBe('held');
  });
});

describe('a hidden team', () => {
  it("answers 404 to outsiders for its feed, as for the team itself, and 403 for a discoverable team's", async () => {
    const { token } = await member();
    const hidden = await createTeam(t.ctx.db, { clientId: demo, isDiscoverable: false });
    const open = await createTeam(t.ctx.db, { clientId: demo });
    const read = await send('GET', `/api/teams/${hidden.id}/posts`, token);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Team not found' });
    const write = await send('POST', '/api/posts', token, { body: 'Hello', team_id: hidden.id });
    expect(write.statusCode).toBe(404);
    expect((await send('GET', `/api/teams/${open.id}/posts`, token)).statusCode).toBe(403);
  });
});

describe('a share in the feed', () => {
  it('is held and queued as a post when its text is flagged and the client holds flagged text', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: demo });
    await joinProject(t.ctx.db, { clientId: demo, projectId: project.id, userId: user.id });
    const activity = await createActivity(t.ctx.db, {
      clientId: demo,
      projectId: project.id,
      type: 'social_post',
      config: { type: 'social_post', template_id: null, creative_ids: [], channels: [] },
    });
    const share = await send('POST', `/api/activities/${activity.id}/shares`, token, {
      channel: 'linkedin',
      text: 'Join our giveaway this week',
    });
    expect(share.statusCode, share.body).toBe(200);
    const done = await send('POST', `/api/shares/${share.json().share.id}/complete`, token, {});
    expect(done.statusCode, done.body).toBe(200);
    const [item] = await t.ctx.db
      .select()
      .from(posts)
      .where(and(eq(posts.kind, 'share'), eq(posts.sourceId, share.json().share.id)));
    expect(item).toMatchObject({ status: 'held', body: 'Join our giveaway this week' });
    const queued = await t.ctx.db
      .select()
      .from(moderationItems)
      .where(eq(moderationItems.targetId, item!.id));
    expect(queued).toEqual([
      expect.objectContaining({ targetKind: 'post', isHeld: true, status: 'pending' }),
    ]);
    const feed = await send('GET', '/api/feed', (await member()).token);
    expect(feed.json().posts.map((p: { id: string }) => p.id)).not.toContain(item!.id);
  });
});
