import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  awardBadge,
  clientIds,
  createActivity,
  createBadge,
  createParticipation,
  createProject,
  createTeam,
  createUser,
} from '../../test/factories.ts';
import { awardPoints, call, createPost, followUsers, memberWithToken } from '../../test/factories-people.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('GET /api/users/{id}/profile', () => {
  it('answers 401 without a valid session of this client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { url: `/api/users/${user.id}/profile` });
  });

  it('answers 400 for a bad id', async () => {
    const a = await memberWithToken(t, ids.demo);
    const res = await call(t, 'GET', '/api/users/42/profile', a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a user id/);
  });

  it("answers 404 for another client's member and for applicants", async () => {
    const a = await memberWithToken(t, ids.demo);
    const acme = await createUser(t.ctx.db, { clientId: ids.acme });
    const applicant = await createUser(t.ctx.db, { clientId: ids.demo, role: 'APPLICANT' });
    expect((await call(t, 'GET', `/api/users/${acme.id}/profile`, a.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/users/${applicant.id}/profile`, a.token)).statusCode).toBe(404);
  });

  it('shows name, place, bio, role, points, badges, follows, teams and recent activity', async () => {
    const viewer = await memberWithToken(t, ids.demo);
    const person = await createUser(t.ctx.db, {
      clientId: ids.demo,
      firstName: 'Priya',
      lastName: 'Profile',
      username: 'priya',
      displayUsername: true,
      city: 'Lisbon',
      country: 'Portugal',
      bio: 'Runs on espresso.',
      role: 'ANALYST',
      teamTags: [],
    });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Profilers' }, [person.id]);
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: person.id, points: 120 });
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: person.id, points: 30 });
    const badge = await createBadge(t.ctx.db, { clientId: ids.demo, name: 'Trailblazer' });
    await awardBadge(t.ctx.db, { clientId: ids.demo, badgeId: badge.id, userId: person.id });
    await followUsers(t.ctx.db, ids.demo, viewer.user.id, [person.id]);
    const project = await createProject(t.ctx.db, { clientId: ids.demo, name: 'Spring launch' });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      title: 'Share the teaser',
    });
    await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: activity.id,
      userId: person.id,
      status: 'completed',
      updatedAt: new Date(Date.now() - 60_000),
    });
    const post = await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: person.id,
      body: 'Hello everyone!',
    });
    await createPost(t.ctx.db, { clientId: ids.demo, authorId: person.id, body: 'Hidden', status: 'held' });

    const res = await call(t, 'GET', `/api/users/${person.id}/profile`, viewer.token);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id: person.id,
      display_name: 'priya',
      location: 'Lisbon, Portugal',
      bio: 'Runs on espresso.',
      role_label_key: 'roles.lead',
      points: 150,
      follower_count: 1,
      following_count: 0,
      is_following: true,
      is_self: false,
      teams: [{ id: team.id, name: 'Profilers', image_url: null }],
    });
    expect(profile.badges).toEqual([expect.objectContaining({ id: badge.id, name: 'Trailblazer' })]);
    expect(profile.recent_activity).toEqual([
      expect.objectContaining({ kind: 'post', id: post.id, title: 'Hello everyone!', context: null }),
      expect.objectContaining({
        kind: 'participation',
        title: 'Share the teaser',
        context: 'Spring launch',
        link: `/projects/${project.id}/activities/${activity.id}`,
      }),
    ]);
  });

  it('shows an empty profile of a new member, and is_self on your own', async () => {
    const a = await memberWithToken(t, ids.demo);
    const res = await call(t, 'GET', `/api/users/${a.user.id}/profile`, a.token);
    expect(res.json().profile).toMatchObject({
      display_name: 'Test User',
      points: 0,
      badges: [],
      teams: [],
      recent_activity: [],
      is_self: true,
      is_following: false,
      role_label_key: 'roles.user',
    });
  });
});

describe('PATCH /api/me (profile fields through brand safety)', () => {
  it('refuses a profile text of only symbols, naming the field, and changes nothing', async () => {
    const a = await memberWithToken(t, ids.demo, { bio: 'Original bio' });
    const res = await call(t, 'PATCH', '/api/me', a.token, { bio: '!!! ???', city: 'Paris' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Bio must contain words, not only symbols');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ bio: 'Original bio', city: null });
  });

  it('saves clean profile text and shows it on the public profile', async () => {
    const a = await memberWithToken(t, ids.demo);
    const res = await call(t, 'PATCH', '/api/me', a.token, {
      bio: 'Hiking and design',
      city: 'Oslo',
      country: 'Norway',
    });
    expect(res.statusCode).toBe(200);
    const profile = (await call(t, 'GET', `/api/users/${a.user.id}/profile`, a.token)).json().profile;
    expect(profile).toMatchObject({ bio: 'Hiking and design', location: 'Oslo, Norway' });
  });
});
