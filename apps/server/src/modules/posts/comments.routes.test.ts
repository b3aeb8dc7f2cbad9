import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, headersFor, userByEmail } from '../../test/factories.ts';
import { createComment, createPost, createUser, queuedNotices } from '../../test/factories-feed.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let member: { id: string; token: string };
let admin: { id: string; token: string };
let acmeUser: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const [m, a] = await Promise.all([
    userByEmail(t.ctx.db, 'member@demo.test'),
    userByEmail(t.ctx.db, 'admin@demo.test'),
  ]);
  member = { id: m.id, token: await t.login('member@demo.test') };
  admin = { id: a.id, token: await t.login('admin@demo.test') };
  acmeUser = await userByEmail(t.ctx.db, 'member@acme.test');
});
afterAll(() => t.close());

const send = (token: string, method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: headersFor(token), payload: payload as object });
const commentCount = async (postId: string) =>
  (await t.ctx.db.select().from(posts).where(eq(posts.id, postId)))[0]!.commentCount;
type Page = { comments: { id: string }[]; next_cursor: string | null };
const idsOf = (page: Page) => page.comments.map((c) => c.id);

/** A post by a fresh member with `n` comments (ascending ids) by the demo member. */
async function postWithComments(n: number) {
  const author = await createUser(t.ctx.db, { clientId: ids.demo });
  const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: author.id, commentCount: n });
  const rows = [];
  for (let i = 0; i < n; i++)
    rows.push(await createComment(t.ctx.db, { clientId: ids.demo, postId: post.id, authorId: member.id }));
  return { author, post, rows };
}

describe('GET /api/posts/{id}/comments', () => {
  it('answers 401, 400 for a bad cursor, 404 for another client’s post', async () => {
    const { post } = await postWithComments(0);
    await expectSessionRequired(t, { url: `/api/posts/${post.id}/comments` });
    expect((await send(member.token, 'GET', `/api/posts/${post.id}/comments?cursor=x`)).statusCode).toBe(400);
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acmeUser.id });
    expect((await send(member.token, 'GET', `/api/posts/${foreign.id}/comments`)).statusCode).toBe(404);
  });

  it('answers empty, exactly one page, pages newest first (also from a removed comment), and newer ones', async () => {
    const empty = await postWithComments(0);
    const none = await send(member.token, 'GET', `/api/posts/${empty.post.id}/comments`);
    expect(none.json()).toEqual({ comments: [], next_cursor: null });

    const { post, rows } = await postWithComments(5);
    const url = `/api/posts/${post.id}/comments`;
    const all = (await send(member.token, 'GET', `${url}?limit=5`)).json() as Page;
    expect(idsOf(all)).toEqual([...rows].reverse().map((r) => r.id));
    expect(all.next_cursor).toBeNull();
    const first = (await send(member.token, 'GET', `${url}?limit=2`)).json() as Page;
    expect(first.next_cursor).toBe(rows[3]!.id);
    await t.ctx.db.update(comments).set({ status: 'removed' }).where(eq(comments.id, rows[3]!.id));
    const next = (
      await send(member.token, 'GET', `${url}?limit=2&cursor=${first.next_cursor}`)
    ).json() as Page;
    expect(idsOf(next)).toEqual([rows[2]!.id, rows[1]!.id]);
    const newer = (await send(member.token, 'GET', `${url}?limit=-5&cursor=${rows[0]!.id}`)).json() as Page;
    expect(idsOf(newer)).toEqual([rows[4]!.id, rows[2]!.id, rows[1]!.id]);
  });

  it('shows held comments only to their author and admins', async () => {
    const { post } = await postWithComments(0);
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const held = await createComment(t.ctx.db, {
      clientId: ids.demo,
      postId: post.id,
      authorId: other.id,
      status: 'held',
    });
    const url = `/api/posts/${post.id}/comments`;
    expect(idsOf((await send(member.token, 'GET', url)).json())).toEqual([]);
    expect(idsOf((await send(admin.token, 'GET', url)).json())).toEqual([held.id]);
    expect(idsOf((await send(await t.login(other.email!), 'GET', url)).json())).toEqual([held.id]);
  });
});

describe('POST /api/posts/{id}/comments', () => {
  it('answers 401, 400 with nothing written, 404 for another client’s or an outsider’s team post', async () => {
    const { post } = await postWithComments(0);
    const url = `/api/posts/${post.id}/comments`;
    await expectSessionRequired(t, { method: 'POST', url, payload: { body: 'Hi' } });
    for (const [payload, message] of [
      [{}, /body/],
      [{ body: '  ' }, /body cannot be empty/],
      [{ body: 'x'.repeat(2001) }, /body must be 2000 characters or less/],
      [{ body: '???' }, /Comment must contain words/],
    ] as const) {
      const res = await send(member.token, 'POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acmeUser.id });
    expect(
      (await send(member.token, 'POST', `/api/posts/${foreign.id}/comments`, { body: 'Hi' })).statusCode,
    ).toBe(404);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const teamPost = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id, teamId: team.id });
    expect(
      (await send(member.token, 'POST', `/api/posts/${teamPost.id}/comments`, { body: 'Hi' })).statusCode,
    ).toBe(404);
  });

  it('writes a comment, counts it, and tells the post’s author and the mentioned', async () => {
    const { post, author } = await postWithComments(0);
    const lee = await userByEmail(t.ctx.db, 'lead@demo.test');
    const res = await send(member.token, 'POST', `/api/posts/${post.id}/comments`, {
      body: 'Agreed, @Lee Lead!',
      mentions: [lee.id, author.id, acmeUser.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      comment: {
        post_id: post.id,
        body: 'Agreed, @Lee Lead!',
        author: { id: member.id, display_name: 'Maya Member' },
        status: 'published',
        abilities: { can_edit: true, can_delete: true },
      },
      comment_count: 1,
    });
    const notices = (await queuedNotices(t.ctx.db)).filter(
      (n) => n.link === `/community/feed?post=${post.id}`,
    );
    expect(notices.map((n) => [n.kind, n.to])).toEqual([
      ['comment', { users: [author.id] }],
      ['mention', { users: [lee.id] }],
    ]);
  });

  it('keeps the count right when many comment at once', async () => {
    const { post } = await postWithComments(0);
    const people = await Promise.all(
      Array.from({ length: 6 }, () => createUser(t.ctx.db, { clientId: ids.demo })),
    );
    const tokens = await Promise.all(people.map((p) => t.login(p.email!)));
    const answers = await Promise.all(
      tokens.map((token) => send(token, 'POST', `/api/posts/${post.id}/comments`, { body: 'Same time' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(await commentCount(post.id)).toBe(6);
  });
});

describe('PATCH and DELETE /api/comments/{id}', () => {
  it('answers 401, 400 with nothing changed, 403 for others, 404 for another client', async () => {
    const { post, rows } = await postWithComments(1);
    const url = `/api/comments/${rows[0]!.id}`;
    await expectSessionRequired(t, { method: 'PATCH', url, payload: { body: 'x' } });
    await expectSessionRequired(t, { method: 'DELETE', url });
    expect((await send(member.token, 'PATCH', url, { body: '' })).statusCode).toBe(400);
    expect((await send(admin.token, 'PATCH', url, { body: 'Admin edit' })).statusCode).toBe(403);
    const other = await t.login((await createUser(t.ctx.db, { clientId: ids.demo })).email!);
    expect((await send(other, 'DELETE', url)).statusCode).toBe(403);
    const foreignPost = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acmeUser.id });
    const foreign = await createComment(t.ctx.db, {
      clientId: ids.acme,
      postId: foreignPost.id,
      authorId: acmeUser.id,
    });
    expect((await send(admin.token, 'DELETE', `/api/comments/${foreign.id}`)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, rows[0]!.id));
    expect(row).toMatchObject({ body: rows[0]!.body, status: 'published' });
    expect(await commentCount(post.id)).toBe(1);
  });

  it('lets the author edit, and the author or an admin remove (counted down once)', async () => {
    const { post, rows } = await postWithComments(2);
    const edited = await send(member.token, 'PATCH', `/api/comments/${rows[0]!.id}`, { body: 'Edited' });
    expect(edited.json()).toMatchObject({
      comment: { body: 'Edited', edited_at: expect.any(String) },
      comment_count: 2,
    });
    const twice = await Promise.all([
      send(member.token, 'DELETE', `/api/comments/${rows[0]!.id}`),
      send(admin.token, 'DELETE', `/api/comments/${rows[0]!.id}`),
    ]);
    expect(twice.map((r) => r.statusCode)).toContain(200);
    expect(await commentCount(post.id)).toBe(1);
    expect((await send(admin.token, 'DELETE', `/api/comments/${rows[1]!.id}`)).json()).toEqual({ ok: true });
    expect(await commentCount(post.id)).toBe(0);
    const list = await send(member.token, 'GET', `/api/posts/${post.id}/comments`);
    expect(list.json().comments).toEqual([]);
  });
});
