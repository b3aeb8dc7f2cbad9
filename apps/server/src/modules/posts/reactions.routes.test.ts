import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, reactions, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createParticipation,
  createProject,
  createShare,
  createTeam,
  headersFor,
  joinProject,
  userByEmail,
} from '../../test/factories.ts';
import { createPost, createPosts, createUser, queuedNotices } from '../../test/factories-feed.ts';

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

const send = (token: string, method: 'PUT' | 'DELETE' | 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: headersFor(token), payload: payload as object });
const postRow = async (id: string) => (await t.ctx.db.select().from(posts).where(eq(posts.id, id)))[0]!;

describe('PUT and DELETE /api/posts/{id}/reaction', () => {
  it('answers 401, 400 with nothing changed, 404 for another client’s post', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id });
    const url = `/api/posts/${post.id}/reaction`;
    await expectSessionRequired(t, { method: 'PUT', url, payload: { kind: 'like' } });
    await expectSessionRequired(t, { method: 'DELETE', url });
    const bad = await send(member.token, 'PUT', url, { kind: 'angry' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('kind must be one of like, love, celebrate, insightful');
    expect(await t.ctx.db.select().from(reactions).where(eq(reactions.postId, post.id))).toEqual([]);
    const foreign = await createPost(t.ctx.db, { clientId: ids.acme, authorId: acmeUser.id });
    expect(
      (await send(member.token, 'PUT', `/api/posts/${foreign.id}/reaction`, { kind: 'like' })).statusCode,
    ).toBe(404);
    expect((await send(member.token, 'DELETE', `/api/posts/${foreign.id}/reaction`)).statusCode).toBe(404);
  });

  it('keeps one reaction per member, changes its kind, takes it back, and tells the author once', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id });
    const url = `/api/posts/${post.id}/reaction`;
    const liked = await send(member.token, 'PUT', url, { kind: 'like' });
    expect(liked.json().post).toMatchObject({
      reaction_count: 1,
      my_reaction: 'like',
      reactions: { like: 1 },
    });
    const loved = await send(member.token, 'PUT', url, { kind: 'love' });
    expect(loved.json().post).toMatchObject({
      reaction_count: 1,
      my_reaction: 'love',
      reactions: { like: 0, love: 1 },
    });
    const notices = (await queuedNotices(t.ctx.db)).filter(
      (n) => n.link === `/community/feed?post=${post.id}`,
    );
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'reaction', to: { users: [admin.id] }, actorId: member.id }),
    ]);
    const removed = await send(member.token, 'DELETE', url);
    expect(removed.json().post).toMatchObject({ reaction_count: 0, my_reaction: null });
    expect((await send(member.token, 'DELETE', url)).json().post.reaction_count).toBe(0);
  });

  it('counts right when many react, and one member reacts twice, at once', async () => {
    const post = await createPost(t.ctx.db, { clientId: ids.demo, authorId: admin.id });
    const url = `/api/posts/${post.id}/reaction`;
    const people = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t.ctx.db, { clientId: ids.demo })),
    );
    const tokens = await Promise.all(people.map((p) => t.login(p.email!)));
    await Promise.all([
      ...tokens.map((token) => send(token, 'PUT', url, { kind: 'celebrate' })),
      send(member.token, 'PUT', url, { kind: 'like' }),
      send(member.token, 'PUT', url, { kind: 'love' }),
    ]);
    expect((await postRow(post.id)).reactionCount).toBe(6);
    await Promise.all([send(member.token, 'DELETE', url), send(member.token, 'DELETE', url)]);
    expect((await postRow(post.id)).reactionCount).toBe(5);
  });

  it('answers 409 for a held post', async () => {
    const held = await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id, status: 'held' });
    const res = await send(member.token, 'PUT', `/api/posts/${held.id}/reaction`, { kind: 'like' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This post is waiting for review', code: 'post_held' });
  });
});

describe('GET /api/teams/{teamId}/posts', () => {
  it('answers 401, 400, 403 for outsiders, 404 for another client’s team', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const url = `/api/teams/${team.id}/posts`;
    await expectSessionRequired(t, { url });
    expect((await send(member.token, 'GET', '/api/teams/abc/posts')).statusCode).toBe(400);
    expect((await send(member.token, 'GET', `${url}?limit=0`)).statusCode).toBe(400);
    const outsider = await send(member.token, 'GET', url);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ message: 'Only members of this Team and admins can see its feed' });
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme });
    expect((await send(admin.token, 'GET', `/api/teams/${acmeTeam.id}/posts`)).statusCode).toBe(404);
  });

  it('answers the team’s posts to members, admins and its lead, paged, without client-wide posts', async () => {
    const lead = await userByEmail(t.ctx.db, 'lead@demo.test');
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [member.id]);
    // The demo lead leads the Sales team only (team tags): give them this team too.
    await t.ctx.db
      .update(users)
      .set({ teamTags: [...lead.teamTags, team.id] })
      .where(eq(users.id, lead.id));
    const rows = await createPosts(t.ctx.db, 3, { clientId: ids.demo, authorId: member.id, teamId: team.id });
    await createPost(t.ctx.db, { clientId: ids.demo, authorId: member.id });
    const url = `/api/teams/${team.id}/posts`;
    const empty = await createTeam(t.ctx.db, { clientId: ids.demo }, [member.id]);
    expect((await send(member.token, 'GET', `/api/teams/${empty.id}/posts`)).json()).toEqual({
      posts: [],
      pinned: [],
      next_cursor: null,
    });
    const page = (await send(member.token, 'GET', `${url}?limit=2`)).json();
    expect(page.posts.map((p: { id: string }) => p.id)).toEqual([rows[2]!.id, rows[1]!.id]);
    expect(page.next_cursor).toBe(rows[1]!.id);
    const newer = (await send(admin.token, 'GET', `${url}?limit=-5&cursor=${rows[0]!.id}`)).json();
    expect(newer.posts.map((p: { id: string }) => p.id)).toEqual([rows[2]!.id, rows[1]!.id]);
    const leadToken = await t.login('lead@demo.test');
    expect((await send(leadToken, 'GET', url)).json().posts).toHaveLength(3);
  });
});

describe('GET /api/mentions', () => {
  it('answers 401, 400, and members of this client only, matching the name', async () => {
    await expectSessionRequired(t, { url: '/api/mentions?q=lee' });
    expect((await send(member.token, 'GET', `/api/mentions?q=${'x'.repeat(81)}`)).statusCode).toBe(400);
    const res = await send(member.token, 'GET', '/api/mentions?q=lee');
    expect(res.statusCode).toBe(200);
    const lead = await userByEmail(t.ctx.db, 'lead@demo.test');
    expect(res.json().members).toEqual([{ id: lead.id, display_name: 'Lee Lead', image_url: null }]);
    const acme = await send(member.token, 'GET', '/api/mentions?q=milo');
    expect(acme.json().members).toEqual([]);
    const self = await send(member.token, 'GET', '/api/mentions?q=maya');
    expect(self.json().members).toEqual([]);
    const wildcard = await send(member.token, 'GET', '/api/mentions?q=%25');
    expect(wildcard.json().members).toEqual([]);
  });
});

describe('feed items from shares and approved Brand Content', () => {
  it('adds a member’s completed share to the feed once', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'social_post',
      config: { type: 'social_post', template_id: null, creative_ids: [], channels: [] },
    });
    const share = await createShare(t.ctx.db, {
      clientId: ids.demo,
      userId: user.id,
      activityId: activity.id,
      text: 'Proud of our launch #launch',
    });
    const res = await send(token, 'POST', `/api/shares/${share.id}/complete`, {});
    expect(res.statusCode).toBe(200);
    const items = await t.ctx.db.select().from(posts).where(eq(posts.sourceId, share.id));
    expect(items).toMatchObject([{ kind: 'share', authorId: user.id, body: 'Proud of our launch #launch' }]);
  });

  it('adds approved Brand Content with its pictures to the feed', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'content_submission',
    });
    const image = '/api/files/0190a6a0-0000-7000-8000-000000000001.webp';
    const video = '/api/files/0190a6a0-0000-7000-8000-000000000002.mp4';
    const submission = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: activity.id,
      userId: user.id,
      status: 'pending',
      isComplete: false,
      data: { caption: 'My desk #wfh', media_urls: [image, video] },
    });
    const res = await send(admin.token, 'POST', `/api/admin/participations/${submission.id}/review`, {
      decision: 'approve',
    });
    expect(res.statusCode).toBe(200);
    const items = await t.ctx.db.select().from(posts).where(eq(posts.sourceId, submission.id));
    expect(items).toMatchObject([
      { kind: 'content', authorId: user.id, body: 'My desk #wfh', images: [image] },
    ]);
  });
});
