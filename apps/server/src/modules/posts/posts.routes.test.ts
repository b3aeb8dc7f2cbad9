import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, headersFor, uploadFile, userByEmail } from '../../test/factories.ts';
import { createPost, createUser, queuedNotices } from '../../test/factories-feed.ts';
import { setLinkPreviewPolicy } from './link-preview.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let member: { id: string; token: string };
let admin: { id: string; token: string };
let site: Server;
let siteUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const [m, a] = await Promise.all([
    userByEmail(t.ctx.db, 'member@demo.test'),
    userByEmail(t.ctx.db, 'admin@demo.test'),
  ]);
  member = { id: m.id, token: await t.login('member@demo.test') };
  admin = { id: a.id, token: await t.login('admin@demo.test') };
  // A local site for link previews: the policy lets tests reach loopback on its port.
  site = createServer((req, res) => {
    if (req.url === '/moved') return res.writeHead(302, { location: '/article' }).end();
    if (req.url === '/image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html><head><title>Fallback</title>
      <meta property="og:title" content="Launch day &amp; more"><meta name="description" content="All about it">
      <meta property="og:image" content="/cover.webp"><meta property="og:site_name" content="Example"></head></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  siteUrl = `http://127.0.0.1:${port}`;
  setLinkPreviewPolicy({ allowPrivate: true, ports: [port] });
});
afterAll(async () => {
  site?.close();
  await t.close();
});

const send = (token: string, method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: headersFor(token), payload: payload as object });
const countPosts = async () => (await t.ctx.db.select({ id: posts.id }).from(posts)).length;

describe('POST /api/posts', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: '/api/posts', payload: { body: 'Hi' } });
  });

  it('answers 400 naming the field, and writes nothing', async () => {
    const before = await countPosts();
    const cases: [unknown, RegExp][] = [
      [{}, /body cannot be empty/],
      [{ body: '   ' }, /body cannot be empty/],
      [{ body: 'x'.repeat(5001) }, /body must be 5000 characters or less/],
      [{ body: 'Hi', images: ['/api/files/nope.png'] }, /images must be pictures you uploaded/],
      [{ body: 'Hi', images: Array(5).fill('/x') }, /at most 4 pictures/],
      [{ body: 'Hi', team_id: 'abc' }, /team_id must be a team id/],
      [{ body: 'Hi', mentions: ['abc'] }, /mentions must be member ids/],
      [{ body: '!!! ???' }, /Post must contain words/],
    ];
    for (const [payload, message] of cases) {
      const res = await send(member.token, 'POST', '/api/posts', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Another member's upload is not this member's picture.
    const adminImage = await uploadFile(t.app, admin.token, { type: 'post', objectId: ids.demo });
    const res = await send(member.token, 'POST', '/api/posts', { body: 'Hi', images: [adminImage] });
    expect(res.statusCode).toBe(400);
    expect(await countPosts()).toBe(before);
  });

  it('answers 403 for a team feed the member is not in, 404 for another client’s team', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const res = await send(member.token, 'POST', '/api/posts', { body: 'Hi team', team_id: team.id });
    expect(res.statusCode).toBe(403);
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme });
    const foreign = await send(member.token, 'POST', '/api/posts', { body: 'Hi', team_id: acmeTeam.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Team not found' });
  });

  it('writes a post with pictures, keeps only same-client mentions and tells the mentioned', async () => {
    const image = await uploadFile(t.app, member.token, { type: 'post', objectId: ids.demo });
    const lee = await userByEmail(t.ctx.db, 'lead@demo.test');
    const acme = await userByEmail(t.ctx.db, 'member@acme.test');
    const res = await send(member.token, 'POST', '/api/posts', {
      body: 'Great week with @Lee Lead #teamwork',
      images: [image],
      mentions: [lee.id, acme.id, member.id],
    });
    expect(res.statusCode).toBe(201);
    const { post } = res.json();
    expect(post).toMatchObject({
      kind: 'post',
      body: 'Great week with @Lee Lead #teamwork',
      images: [image],
      team_id: null,
      status: 'published',
      link: null,
      author: { id: member.id, display_name: 'Maya Member' },
      abilities: { can_edit: true, can_delete: true, can_pin: false },
    });
    expect(post.mentions.map((m: { id: string }) => m.id).sort()).toEqual([lee.id, member.id].sort());
    const notices = (await queuedNotices(t.ctx.db)).filter(
      (n) => n.link === `/community/feed?post=${post.id}`,
    );
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'mention', to: { users: [lee.id] }, actorId: member.id }),
    ]);
  });

  it('adds a preview of the first link, following a redirect; a failing link just has none', async () => {
    const res = await send(member.token, 'POST', '/api/posts', { body: `Read this: ${siteUrl}/moved.` });
    expect(res.statusCode).toBe(201);
    expect(res.json().post.link).toEqual({
      url: `${siteUrl}/moved`,
      title: 'Launch day & more',
      description: 'All about it',
      image_url: `${siteUrl}/cover.webp`,
      site_name: 'Example',
    });
    const image = await send(member.token, 'POST', '/api/posts', { body: `${siteUrl}/image.png` });
    expect(image.json().post.link).toBeNull();
    const closed = await send(member.token, 'POST', '/api/posts', { body: 'See http://127.0.0.1:1/x' });
    expect(closed.statusCode).toBe(201);
    expect(closed.json().post.link).toBeNull();
  });

  it('refuses previews from private addresses and other ports by default', async () => {
    const old = setLinkPreviewPolicy({ allowPrivate: false, ports: [80, 443] });
    try {
      const res = await send(member.token, 'POST', '/api/posts', { body: `Look ${siteUrl}/article` });
      expect(res.json().post.link).toBeNull();
      setLinkPreviewPolicy({ ports: old.ports });
      const loopback = await send(member.token, 'POST', '/api/posts', { body: `Look ${siteUrl}/article` });
      expect(loopback.json().post.link).toBeNull();
    } finally {
      setLinkPreviewPolicy(old);
    }
  });

  it('posts into a team feed; an admin’s or lead’s team post notifies the team', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [member.id]);
    const own = await send(member.token, 'POST', '/api/posts', { body: 'Hello team', team_id: team.id });
    expect(own.statusCode).toBe(201);
    expect(own.json().post.team_id).toBe(team.id);
    const byAdmin = await send(admin.token, 'POST', '/api/posts', {
      body: 'Kick-off Monday',
      team_id: team.id,
    });
    expect(byAdmin.statusCode).toBe(201);
    const notices = (await queuedNotices(t.ctx.db)).filter((n) => n.kind === 'team_announcement');
    expect(notices).toContainEqual(
      expect.objectContaining({
        to: { team: team.id },
        actorId: admin.id,
        link: `/community/teams/${team.id}?post=${byAdmin.json().post.id}`,
      }),
    );
    expect(notices.filter((n) => n.to.team === team.id)).toHaveLength(1);
  });
});

describe('GET /api/posts/{id}', () => {
  it('answers 401, 400, 404 for another client’s post, and the post', async () => {
    await expectSessionRequired(t, { url: `/api/posts/${member.id}` });
    expect((await send(member.token, 'GET', '/api/posts/abc')).statusCode).toBe(400);
    const acme = await userByEmail(t.ctx.db, 'member@acme.test');
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acme.id });
    expect((await send(member.token, 'GET', `/api/posts/${foreign.id}`)).statusCode).toBe(404);
    const mine = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    const res = await send(member.token, 'GET', `/api/posts/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().post.id).toBe(mine.id);
  });

  it('hides removed posts, others’ held posts and team posts from outsiders (404)', async () => {
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const removed = await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: member.id,
      status: 'removed',
    });
    const held = await createPost(t.ctx.db, { clientId: ids.demo, authorId: other.id, status: 'held' });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [other.id]);
    const teamPost = await createPost(t.ctx.db, { clientId: ids.demo, authorId: other.id, teamId: team.id });
    for (const id of [removed.id, held.id, teamPost.id])
      expect((await send(member.token, 'GET', `/api/posts/${id}`)).statusCode, id).toBe(404);
    expect((await send(admin.token, 'GET', `/api/posts/${held.id}`)).json().post.status).toBe('held');
    expect((await send(admin.token, 'GET', `/api/posts/${teamPost.id}`)).statusCode).toBe(200);
  });
});

describe('PATCH /api/posts/{id}', () => {
  it('answers 401, 400 with nothing changed, 403 for others (admins too), 404 for another client', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id, body: 'Before' });
    await expectSessionRequired(t, { method: 'PATCH', url: `/api/posts/${post.id}`, payload: { body: 'x' } });
    const bad = await send(member.token, 'PATCH', `/api/posts/${post.id}`, { body: 'x'.repeat(5001) });
    expect(bad.statusCode).toBe(400);
    const empty = await send(member.token, 'PATCH', `/api/posts/${post.id}`, { body: '' });
    expect(empty.json().message).toMatch(/body cannot be empty/);
    expect((await send(admin.token, 'PATCH', `/api/posts/${post.id}`, { body: 'Hijack' })).statusCode).toBe(
      403,
    );
    const acme = await userByEmail(t.ctx.db, 'member@acme.test');
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acme.id });
    expect((await send(member.token, 'PATCH', `/api/posts/${foreign.id}`, { body: 'x' })).statusCode).toBe(
      404,
    );
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.body).toBe('Before');
  });

  it('changes the text, marks it edited and tells only newly mentioned members', async () => {
    const lee = await userByEmail(t.ctx.db, 'lead@demo.test');
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id, mentions: [lee.id] });
    const res = await send(member.token, 'PATCH', `/api/posts/${post.id}`, {
      body: 'Thanks @Lee Lead and @Alex Admin',
      mentions: [lee.id, admin.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().post).toMatchObject({
      body: 'Thanks @Lee Lead and @Alex Admin',
      edited_at: expect.any(String),
    });
    const notices = (await queuedNotices(t.ctx.db)).filter(
      (n) => n.link === `/community/feed?post=${post.id}`,
    );
    expect(notices.map((n) => n.to)).toEqual([{ users: [admin.id] }]);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('answers 401, 403 for other members, 404 for another client, and removes for the author', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/posts/${post.id}` });
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const otherToken = await t.login(other.email!);
    expect((await send(otherToken, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(403);
    const acme = await userByEmail(t.ctx.db, 'member@acme.test');
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acme.id });
    expect((await send(admin.token, 'DELETE', `/api/posts/${foreign.id}`)).statusCode).toBe(404);
    const res = await send(member.token, 'DELETE', `/api/posts/${post.id}`);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ status: 'removed', removedBy: member.id });
    expect((await send(member.token, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('lets an admin remove anyone’s post, recording who did', async () => {
    const post = await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: member.id,
      pinnedAt: new Date(),
    });
    expect((await send(admin.token, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ status: 'removed', removedBy: admin.id, pinnedAt: null });
  });
});

describe('POST and DELETE /api/posts/{id}/pin', () => {
  it('answers 401, 403 for non-admins, 404 for another client, 409 for a team post', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id });
    await expectSessionRequired(t, { method: 'POST', url: `/api/posts/${post.id}/pin` });
    const lead = await t.login('lead@demo.test');
    expect((await send(lead, 'POST', `/api/posts/${post.id}/pin`)).statusCode).toBe(403);
    expect((await send(member.token, 'DELETE', `/api/posts/${post.id}/pin`)).statusCode).toBe(403);
    const acme = await userByEmail(t.ctx.db, 'member@acme.test');
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acme.id });
    expect((await send(admin.token, 'POST', `/api/posts/${foreign.id}/pin`)).statusCode).toBe(404);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const teamPost = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id, teamId: team.id });
    expect((await send(admin.token, 'POST', `/api/posts/${teamPost.id}/pin`)).statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.pinnedAt).toBeNull();
  });

  it('pins above the feed and unpins', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id, body: 'Welcome all' });
    const pinned = await send(admin.token, 'POST', `/api/posts/${post.id}/pin`);
    expect(pinned.json().post.pinned_at).toEqual(expect.any(String));
    const feed = (await send(member.token, 'GET', '/api/feed')).json();
    expect(feed.pinned.map((p: { id: string }) => p.id)).toContain(post.id);
    expect(feed.posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    const unpinned = await send(admin.token, 'DELETE', `/api/posts/${post.id}/pin`);
    expect(unpinned.json().post.pinned_at).toBeNull();
  });
});
