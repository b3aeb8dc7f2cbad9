import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, headersFor, userByEmail } from '../../test/factories.ts';
import {
  createFeedClient,
  createHeldPost,
  createPost,
  createPosts,
  createReaction,
  createUser,
  follow,
} from '../../test/factories-feed.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

type Page = { posts: { id: string; body: string }[]; pinned: { id: string }[]; next_cursor: string | null };

/** A client of its own with logged-in admin and member, so each test owns the whole feed. */
async function ownFeed() {
  const c = await createFeedClient(t.app, t.ctx.db);
  const [adminToken, memberToken] = await Promise.all([
    t.login(c.admin.email!, c.host),
    t.login(c.member.email!, c.host),
  ]);
  const get = async (token: string, query = '') => {
    const res = await t.app.inject({ url: `/api/feed${query}`, headers: headersFor(token, c.host) });
    return { status: res.statusCode, body: res.json() as Page };
  };
  return { ...c, adminToken, memberToken, get };
}
const idsOf = (page: Page) => page.posts.map((p) => p.id);
const newestFirst = <T extends { id: string }>(rows: T[]) => [...rows].reverse().map((r) => r.id);

describe('GET /api/feed', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/feed' });
  });

  it('answers 400 naming limit, cursor or scope when they are bad', async () => {
    const f = await ownFeed();
    const cases: [string, RegExp][] = [
      ['?limit=0', /limit cannot be 0/],
      ['?limit=1000', /limit must be between -100 and 100/],
      ['?limit=abc', /limit must be a number/],
      ['?cursor=abc', /cursor/],
      ['?scope=everyone', /scope must be all or following/],
    ];
    for (const [query, message] of cases) {
      const res = await f.get(f.memberToken, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringMatching(message) });
    }
  });

  it('answers an empty feed', async () => {
    const f = await ownFeed();
    expect((await f.get(f.memberToken)).body).toEqual({ posts: [], pinned: [], next_cursor: null });
  });

  it('answers exactly one page without a next cursor, newest first', async () => {
    const f = await ownFeed();
    const rows = await createPosts(t.ctx.db, 10, { clientId: f.clientId, authorId: f.member.id });
    const page = (await f.get(f.memberToken)).body;
    expect(idsOf(page)).toEqual(newestFirst(rows));
    expect(page.next_cursor).toBeNull();
  });

  it('pages by cursor, also from the cursor of a removed post', async () => {
    const f = await ownFeed();
    const rows = await createPosts(t.ctx.db, 7, { clientId: f.clientId, authorId: f.member.id });
    const first = (await f.get(f.memberToken, '?limit=3')).body;
    expect(idsOf(first)).toEqual(newestFirst(rows).slice(0, 3));
    expect(first.next_cursor).toBe(rows[4]!.id);
    await t.ctx.db.update(posts).set({ status: 'removed' }).where(eq(posts.id, rows[4]!.id));
    const second = (await f.get(f.memberToken, `?limit=3&cursor=${first.next_cursor}`)).body;
    expect(idsOf(second)).toEqual([rows[3]!.id, rows[2]!.id, rows[1]!.id]);
    const last = (await f.get(f.memberToken, `?limit=3&cursor=${second.next_cursor}`)).body;
    expect(idsOf(last)).toEqual([rows[0]!.id]);
    expect(last.next_cursor).toBeNull();
  });

  it('answers the newer posts for a negative limit with a cursor, newest first, without pinned ones', async () => {
    const f = await ownFeed();
    const rows = await createPosts(t.ctx.db, 6, { clientId: f.clientId, authorId: f.member.id });
    const newer = (await f.get(f.memberToken, `?limit=-3&cursor=${rows[1]!.id}`)).body;
    expect(idsOf(newer)).toEqual([rows[4]!.id, rows[3]!.id, rows[2]!.id]);
    expect(newer.next_cursor).toBeNull();
    expect(newer.pinned).toEqual([]);
    const none = (await f.get(f.memberToken, `?limit=-10&cursor=${rows[5]!.id}`)).body;
    expect(none.posts).toEqual([]);
  });

  it('answers pinned announcements apart, on the first page only', async () => {
    const f = await ownFeed();
    const [older, pinned, newer] = await createPosts(t.ctx.db, 3, {
      clientId: f.clientId,
      authorId: f.admin.id,
    });
    await t.ctx.db.update(posts).set({ pinnedAt: new Date() }).where(eq(posts.id, pinned!.id));
    const first = (await f.get(f.memberToken)).body;
    expect(first.pinned.map((p) => p.id)).toEqual([pinned!.id]);
    expect(idsOf(first)).toEqual([newer!.id, older!.id]);
    const next = (await f.get(f.memberToken, `?cursor=${newer!.id}`)).body;
    expect(next.pinned).toEqual([]);
  });

  it('shows each card with author, counts, reactions by kind, my reaction and abilities', async () => {
    const f = await ownFeed();
    const post = await createPost(t.ctx.db, {
      clientId: f.clientId,
      authorId: f.member.id,
      reactionCount: 2,
    });
    await createReaction(t.ctx.db, {
      clientId: f.clientId,
      postId: post.id,
      userId: f.member.id,
      kind: 'love',
    });
    await createReaction(t.ctx.db, {
      clientId: f.clientId,
      postId: post.id,
      userId: f.admin.id,
      kind: 'like',
    });
    const [card] = (await f.get(f.memberToken)).body.posts as unknown as Record<string, unknown>[];
    expect(card).toMatchObject({
      id: post.id,
      kind: 'post',
      author: { id: f.member.id, display_name: 'Mo Member', image_url: null },
      status: 'published',
      comment_count: 0,
      reaction_count: 2,
      reactions: { like: 1, love: 1, celebrate: 0, insightful: 0 },
      my_reaction: 'love',
      abilities: { can_edit: true, can_delete: true, can_pin: false },
    });
    expect(card!.author).not.toHaveProperty('email');
    const [asAdmin] = (await f.get(f.adminToken)).body.posts as unknown as Record<string, unknown>[];
    expect(asAdmin).toMatchObject({
      my_reaction: 'like',
      abilities: { can_edit: false, can_delete: true, can_pin: true },
    });
  });

  it('shows held posts only to their author and admins; never removed ones or team posts', async () => {
    const f = await ownFeed();
    const other = await createUser(t.ctx.db, { clientId: f.clientId });
    const otherToken = await t.login(other.email!, f.host);
    const visible = await createPost(t.ctx.db, { clientId: f.clientId, authorId: f.member.id });
    const held = await createHeldPost(t.ctx.db, { clientId: f.clientId, authorId: f.member.id });
    await createPost(t.ctx.db, { clientId: f.clientId, authorId: f.member.id, status: 'removed' });
    const team = await createTeam(t.ctx.db, { clientId: f.clientId }, [f.member.id]);
    await createPost(t.ctx.db, { clientId: f.clientId, authorId: f.member.id, teamId: team!.id });
    expect(idsOf((await f.get(f.memberToken)).body)).toEqual([held.id, visible.id]);
    expect(idsOf((await f.get(f.adminToken)).body)).toEqual([held.id, visible.id]);
    expect(idsOf((await f.get(otherToken)).body)).toEqual([visible.id]);
  });

  it('never shows another client’s posts', async () => {
    const acmeMember = await userByEmail(t.ctx.db, 'member@acme.test');
    const acmePost = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acmeMember.id });
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({ url: '/api/feed?limit=100', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).not.toContain(acmePost.id);
    const demoToken = await t.login('member@demo.test');
    const cursorOfAcme = await t.app.inject({
      url: `/api/feed?cursor=${acmePost.id}`,
      headers: headersFor(demoToken),
    });
    expect(idsOf(cursorOfAcme.json())).not.toContain(acmePost.id);
  });
});

describe('GET /api/feed?scope=following', () => {
  it('answers only posts of the people the member follows', async () => {
    const f = await ownFeed();
    const followed = await createUser(t.ctx.db, { clientId: f.clientId });
    const stranger = await createUser(t.ctx.db, { clientId: f.clientId });
    expect((await f.get(f.memberToken, '?scope=following')).body).toEqual({
      posts: [],
      pinned: [],
      next_cursor: null,
    });
    await follow(t.ctx.db, { clientId: f.clientId, followerId: f.member.id, followeeId: followed.id });
    const a = await createPost(t.ctx.db, { clientId: f.clientId, authorId: followed.id });
    await createPost(t.ctx.db, { clientId: f.clientId, authorId: stranger.id });
    await createPost(t.ctx.db, { clientId: f.clientId, authorId: f.member.id });
    const b = await createPost(t.ctx.db, {
      clientId: f.clientId,
      authorId: followed.id,
      pinnedAt: new Date(),
    });
    const page = (await f.get(f.memberToken, '?scope=following')).body;
    expect(idsOf(page)).toEqual([b.id, a.id]);
    expect(page.pinned).toEqual([]);
    const paged = (await f.get(f.memberToken, '?scope=following&limit=1')).body;
    expect(idsOf(paged)).toEqual([b.id]);
    expect(paged.next_cursor).toBe(b.id);
  });
});

describe('brand safety of posts and comments', () => {
  it('refuses blocked words; holds flagged posts for review, shown only to the author and admins', async () => {
    const f = await ownFeed();
    const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: headersFor(f.adminToken, f.host), payload });
    expect(
      (await admin('POST', '/api/admin/safety/rules', { phrase: 'darn', kind: 'block' })).statusCode,
    ).toBe(201);
    expect(
      (await admin('POST', '/api/admin/safety/rules', { phrase: 'rival', kind: 'flag' })).statusCode,
    ).toBe(201);
    expect((await admin('PUT', '/api/admin/safety/settings', { flag_action: 'hold' })).statusCode).toBe(200);
    const write = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: headersFor(f.memberToken, f.host),
        payload,
      });

    const blocked = await write({ body: 'What a darn day' });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toMatch(/darn/);
    const held = await write({ body: 'Better than our rival' });
    expect(held.statusCode).toBe(201);
    expect(held.json().post.status).toBe('held');
    const queue = await t.app.inject({
      url: '/api/admin/safety/queue',
      headers: headersFor(f.adminToken, f.host),
    });
    expect(JSON.stringify(queue.json())).toContain(held.json().post.id);

    const other = await createUser(t.ctx.db, { clientId: f.clientId });
    const otherToken = await t.login(other.email!, f.host);
    expect(idsOf((await f.get(f.memberToken)).body)).toEqual([held.json().post.id]);
    expect(idsOf((await f.get(f.adminToken)).body)).toEqual([held.json().post.id]);
    expect(idsOf((await f.get(otherToken)).body)).toEqual([]);
  });
});
