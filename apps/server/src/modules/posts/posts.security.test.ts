import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts, reactions } from '../../db/schema/index.ts';
import { isPrivateAddress } from '../../lib/public-address.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, headersFor, userByEmail } from '../../test/factories.ts';
import { createComment, createHeldPost, createPost, createUser } from '../../test/factories-feed.ts';
import { fetchLinkPreview, parsePreview, setLinkPreviewPolicy } from './link-preview.ts';

/**
 * Security of the feed routes: another client's post and comment ids are 404 everywhere and change nothing;
 * members cannot change others' posts or comments; analysts cannot pin; held posts and comments and hidden team
 * feeds never reach other members; malformed ids and limits are a 400.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let member: { id: string; token: string };
let admin: { id: string; token: string };
let lead: { id: string; token: string };
let acmeUser: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const [m, a, l] = await Promise.all(
    ['member@demo.test', 'admin@demo.test', 'lead@demo.test'].map((e) => userByEmail(t.ctx.db, e)),
  );
  member = { id: m!.id, token: await t.login('member@demo.test') };
  admin = { id: a!.id, token: await t.login('admin@demo.test') };
  lead = { id: l!.id, token: await t.login('lead@demo.test') };
  acmeUser = await userByEmail(t.ctx.db, 'member@acme.test');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: headersFor(token), payload: payload as object });
const postRow = async (id: string) => (await t.ctx.db.select().from(posts).where(eq(posts.id, id)))[0]!;
const commentRow = async (id: string) =>
  (await t.ctx.db.select().from(comments).where(eq(comments.id, id)))[0]!;

/** Every call on one post, with a valid body. */
const postCalls = (id: string): [Method, string, unknown?][] => [
  ['GET', `/api/posts/${id}`],
  ['PATCH', `/api/posts/${id}`, { body: 'Changed by someone else' }],
  ['DELETE', `/api/posts/${id}`],
  ['POST', `/api/posts/${id}/pin`],
  ['DELETE', `/api/posts/${id}/pin`],
  ['GET', `/api/posts/${id}/comments`],
  ['POST', `/api/posts/${id}/comments`, { body: 'Sneaky comment' }],
  ['PUT', `/api/posts/${id}/reaction`, { kind: 'like' }],
  ['DELETE', `/api/posts/${id}/reaction`],
];

/** 404 for a post the caller may not see; pinning is refused by role first (403) to anyone but an admin. */
const hiddenStatus = (url: string, token: string) =>
  url.endsWith('/pin') && token !== admin.token ? 403 : 404;

describe("another client's post and comment ids", () => {
  it('answer 404 on every post route, for members and admins, and change nothing', async () => {
    const foreign = await createPost(t.ctx.db, {
      clientId: ids.acme,
      authorId: acmeUser.id,
      body: 'Acme only',
    });
    await createComment(t.ctx.db, { clientId: ids.acme, postId: foreign.id, authorId: acmeUser.id });
    const before = await postRow(foreign.id);
    for (const token of [member.token, admin.token]) {
      for (const [method, url, payload] of postCalls(foreign.id)) {
        const res = await send(token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(hiddenStatus(url, token));
        expect(res.body).not.toContain('Acme only');
      }
    }
    expect(await postRow(foreign.id)).toEqual(before);
    expect(await t.ctx.db.select().from(reactions).where(eq(reactions.postId, foreign.id))).toEqual([]);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.postId, foreign.id))).toHaveLength(1);
  });

  it('answer 404 on comment routes and change nothing', async () => {
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acmeUser.id });
    const comment = await createComment(t.ctx.db, {
      clientId: ids.acme,
      postId: foreign.id,
      authorId: acmeUser.id,
    });
    for (const token of [member.token, admin.token]) {
      const edit = await send(token, 'PATCH', `/api/comments/${comment.id}`, { body: 'Changed' });
      expect(edit.statusCode).toBe(404);
      expect((await send(token, 'DELETE', `/api/comments/${comment.id}`)).statusCode).toBe(404);
    }
    expect(await commentRow(comment.id)).toEqual(comment);
  });

  it('never offer members of another client as mentions, and drop them from a post', async () => {
    const res = await send(member.token, 'GET', '/api/mentions?q=');
    expect(res.statusCode).toBe(200);
    const found = res.json().members.map((m: { id: string }) => m.id);
    expect(found).not.toContain(acmeUser.id);
    const post = await send(member.token, 'POST', '/api/posts', {
      body: 'Hi @Acme',
      mentions: [acmeUser.id],
    });
    expect(post.statusCode).toBe(201);
    expect(post.json().post.mentions).toEqual([]);
  });
});

describe('changing what others wrote', () => {
  it("a member can neither edit nor remove another member's post, nor pin or unpin any", async () => {
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: other.id, body: 'Mine' });
    expect(
      (await send(member.token, 'PATCH', `/api/posts/${post.id}`, { body: 'Yours now' })).statusCode,
    ).toBe(403);
    expect((await send(member.token, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(403);
    expect((await send(member.token, 'POST', `/api/posts/${post.id}/pin`)).statusCode).toBe(403);
    // An admin may remove but not rewrite a member's words.
    expect(
      (await send(admin.token, 'PATCH', `/api/posts/${post.id}`, { body: 'Admin words' })).statusCode,
    ).toBe(403);
    expect(await postRow(post.id)).toEqual(post);
  });

  it('an analyst (team lead) cannot pin or unpin announcements', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    expect((await send(lead.token, 'POST', `/api/posts/${post.id}/pin`)).statusCode).toBe(403);
    await t.ctx.db.update(posts).set({ pinnedAt: new Date() }).where(eq(posts.id, post.id));
    expect((await send(lead.token, 'DELETE', `/api/posts/${post.id}/pin`)).statusCode).toBe(403);
    expect((await postRow(post.id)).pinnedAt).not.toBeNull();
  });

  it("a member can neither edit nor remove another member's comment", async () => {
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    const comment = await createComment(t.ctx.db, {
      clientId: ids.demo,
      postId: post.id,
      authorId: other.id,
    });
    expect(
      (await send(member.token, 'PATCH', `/api/comments/${comment.id}`, { body: 'Edited' })).statusCode,
    ).toBe(403);
    // Being the post's author gives no right over comments on it.
    expect((await send(member.token, 'DELETE', `/api/comments/${comment.id}`)).statusCode).toBe(403);
    expect(await commentRow(comment.id)).toEqual(comment);
  });
});

describe('held and removed content and hidden team feeds', () => {
  it("another member's held post is 404 everywhere and missing from the feed", async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.demo });
    const held = await createHeldPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: author.id,
      body: 'Held words',
    });
    for (const [method, url, payload] of postCalls(held.id)) {
      const res = await send(member.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(hiddenStatus(url, member.token));
    }
    const feed = await send(member.token, 'GET', '/api/feed?limit=100');
    expect(feed.body).not.toContain(held.id);
    expect((await postRow(held.id)).status).toBe('held');
  });

  it('a removed post is 404 to everyone, its author and admins too', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id, status: 'removed' });
    for (const token of [member.token, admin.token]) {
      expect((await send(token, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
      expect((await send(token, 'GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
    }
  });

  it("another member's held comment is not listed, nor can it be edited or removed", async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.demo });
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    const held = await createComment(t.ctx.db, {
      clientId: ids.demo,
      postId: post.id,
      authorId: author.id,
      body: 'Held comment',
      status: 'held',
    });
    const list = await send(member.token, 'GET', `/api/posts/${post.id}/comments`);
    expect(list.json().comments).toEqual([]);
    expect((await send(member.token, 'PATCH', `/api/comments/${held.id}`, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect((await send(member.token, 'DELETE', `/api/comments/${held.id}`)).statusCode).toBe(404);
  });

  it("a hidden team's feed and posts stay closed to non-members (reading, writing, by post id)", async () => {
    const insider = await createUser(t.ctx.db, { clientId: ids.demo });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, isDiscoverable: false }, [insider.id]);
    const post = await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: insider.id,
      teamId: team.id,
      body: 'Team secret',
    });
    const feed = await send(member.token, 'GET', `/api/teams/${team.id}/posts`);
    expect([403, 404]).toContain(feed.statusCode);
    expect(feed.body).not.toContain('Team secret');
    const write = await send(member.token, 'POST', '/api/posts', { body: 'Let me in', team_id: team.id });
    expect([403, 404]).toContain(write.statusCode);
    for (const [method, url, payload] of postCalls(post.id)) {
      const res = await send(member.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(hiddenStatus(url, member.token));
    }
    // Nor does the client-wide feed or its pinned list carry it.
    expect((await send(member.token, 'GET', '/api/feed?limit=100')).body).not.toContain('Team secret');
    expect(await postRow(post.id)).toEqual(post);
  });
});

describe('malformed input', () => {
  it('answers 400 (never 500) for malformed ids, cursors and limits', async () => {
    const urls: [Method, string, unknown?][] = [
      ['GET', '/api/posts/not-a-uuid'],
      ['PATCH', "/api/posts/1'%20or%201=1", { body: 'x' }],
      ['DELETE', '/api/posts/123'],
      ['POST', '/api/posts/zz/pin'],
      ['GET', '/api/posts/zz/comments'],
      ['PUT', '/api/posts/zz/reaction', { kind: 'like' }],
      ['PATCH', '/api/comments/zz', { body: 'x' }],
      ['DELETE', '/api/comments/zz'],
      ['GET', '/api/teams/zz/posts'],
      ['GET', '/api/feed?cursor=zz'],
      ['GET', '/api/feed?limit=101'],
      ['GET', '/api/feed?limit=0'],
      ['GET', '/api/feed?limit=-101'],
      ['GET', '/api/feed?limit=abc'],
      ['GET', '/api/feed?scope=team'],
      ['GET', `/api/mentions?q=${'x'.repeat(81)}`],
    ];
    for (const [method, url, payload] of urls) {
      const res = await send(member.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('refuses oversized texts, too many images or mentions, an unknown reaction, and changes nothing', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    const cases: [Method, string, unknown][] = [
      ['POST', '/api/posts', { body: 'x'.repeat(5001) }],
      ['POST', '/api/posts', { body: 'x', images: Array(5).fill(`/api/files/${post.id}.png`) }],
      ['POST', '/api/posts', { body: 'x', mentions: Array(21).fill(member.id) }],
      ['PATCH', `/api/posts/${post.id}`, { body: 'x'.repeat(5001) }],
      ['POST', `/api/posts/${post.id}/comments`, { body: 'x'.repeat(2001) }],
      ['POST', `/api/posts/${post.id}/comments`, { body: '   ' }],
      ['PUT', `/api/posts/${post.id}/reaction`, { kind: "like'); drop table posts;--" }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await send(member.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
    expect(await postRow(post.id)).toEqual(post);
  });

  it('treats SQL in search and text as text', async () => {
    const q = encodeURIComponent("%' or 1=1 --");
    const res = await send(member.token, 'GET', `/api/mentions?q=${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().members).toEqual([]);
    const written = await send(member.token, 'POST', '/api/posts', { body: "'); delete from posts; --" });
    expect(written.statusCode).toBe(201);
    expect(written.json().post.body).toBe("'); delete from posts; --");
  });
});

describe('link previews (SSRF)', () => {
  let site: Server;
  let port: number;
  let hits: string[];
  beforeAll(async () => {
    hits = [];
    site = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/to-private')
        return res.writeHead(302, { location: `http://127.0.0.1:${port}/` }).end();
      if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      res.writeHead(200, { 'content-type': 'text/html' });
      const head = '<html><head><title>Internal admin</title></head><body>';
      if (req.url !== '/endless') return res.end(head);
      // A page that never ends: the reader stops at its byte cap instead of waiting.
      res.write(head);
      const timer = setInterval(() => res.write('x'.repeat(64 * 1024)), 1);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    port = (site.address() as AddressInfo).port;
  });
  afterAll(() => site.close());

  it('counts loopback, private, link-local, mapped and unspecified addresses as private', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      'fd00::1',
      'fe80::1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(false);
  });

  it('never fetches a loopback address, by IP, by name, in another spelling or through a redirect', async () => {
    const old = setLinkPreviewPolicy({ allowPrivate: false, ports: [port] });
    try {
      for (const url of [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://2130706433:${port}/`,
        `http://0x7f.0.0.1:${port}/`,
        `http://127.1:${port}/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
      ])
        expect(await fetchLinkPreview(`See ${url}`), url).toBeNull();
      expect(hits).toEqual([]);
      // The same server is reachable when private addresses are allowed (tests only): the refusal above is the guard.
      setLinkPreviewPolicy({ allowPrivate: true });
      expect(await fetchLinkPreview(`http://localhost:${port}/`)).toMatchObject({ title: 'Internal admin' });
      // A redirect is checked again at every hop: to a non-http scheme it stops.
      expect(await fetchLinkPreview(`http://127.0.0.1:${port}/to-file`)).toBeNull();
    } finally {
      setLinkPreviewPolicy(old);
    }
  });

  it('only follows http(s) links on allowed ports, and stops reading a huge page at the cap', async () => {
    expect(await fetchLinkPreview('javascript:alert(1) file:///etc/passwd gopher://x ftp://y')).toBeNull();
    const old = setLinkPreviewPolicy({ allowPrivate: true, ports: [80, 443] });
    try {
      expect(await fetchLinkPreview(`http://127.0.0.1:${port}/`)).toBeNull();
      setLinkPreviewPolicy({ ports: [port], maxBytes: 256 * 1024 });
      expect(await fetchLinkPreview(`http://127.0.0.1:${port}/endless`)).toMatchObject({
        title: 'Internal admin',
      });
    } finally {
      setLinkPreviewPolicy(old);
    }
  });

  it('drops preview images that are not http(s)', () => {
    const html = `<meta property="og:title" content="T"><meta property="og:image" content="javascript:alert(1)">`;
    expect(parsePreview(html, 'https://example.com/')?.image_url).toBeNull();
    const data = `<meta property="og:title" content="T"><meta property="og:image" content="data:text/html,x">`;
    expect(parsePreview(data, 'https://example.com/')?.image_url).toBeNull();
  });
});
