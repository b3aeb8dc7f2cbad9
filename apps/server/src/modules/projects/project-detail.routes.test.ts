import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createParticipation,
  createProject,
  createTeam,
  createUser,
  headersFor,
  inviteToProject,
  joinProject,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};
const get = (url: string, token: string, host?: string) =>
  t.app.inject({ url, headers: headersFor(token, host) });

interface ListedProject {
  id: string;
  state: string;
  joined: boolean;
  pending_trainings: number;
  abilities: { join: boolean; leave: boolean };
}
const listOf = async (token: string, query = ''): Promise<ListedProject[]> => {
  const res = await get(`/api/projects${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().projects;
};

describe('GET /api/projects?type=', () => {
  it('answers 400 for an unknown type', async () => {
    const { token } = await member();
    const res = await get('/api/projects?type=selfies', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'type must be one of all, social_post, general_participation, content_submission, training',
      code: 'invalid_input',
    });
  });

  it('lists only projects with a live activity of the type; all (or none) lists every project', async () => {
    const { token } = await member();
    const posts = await createProject(t.ctx.db, { clientId: ids.demo });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: posts.id, type: 'social_post' });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: posts.id, type: 'training' });
    const briefs = await createProject(t.ctx.db, { clientId: ids.demo });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: briefs.id, type: 'content_submission' });
    // An archived activity does not make its project match.
    await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: briefs.id,
      type: 'general_participation',
      archivedAt: new Date(),
    });
    const empty = await createProject(t.ctx.db, { clientId: ids.demo });
    const mine = [posts.id, briefs.id, empty.id];
    const listed = async (query: string) =>
      (await listOf(token, query)).map((p) => p.id).filter((id) => mine.includes(id));

    expect(await listed('?type=social_post')).toEqual([posts.id]);
    expect(await listed('?type=training')).toEqual([posts.id]);
    expect(await listed('?type=content_submission')).toEqual([briefs.id]);
    expect(await listed('?type=general_participation')).toEqual([]);
    expect(await listed('?type=all')).toEqual([empty.id, briefs.id, posts.id]);
    expect(await listed('')).toEqual([empty.id, briefs.id, posts.id]);
  });

  it('derives the state from starts_at and ends_at, and the abilities from state and membership', async () => {
    const { user, token } = await member();
    const upcoming = await createProject(t.ctx.db, { clientId: ids.demo, startsAt: inDays(2) });
    const active = await createProject(t.ctx.db, {
      clientId: ids.demo,
      startsAt: inDays(-2),
      endsAt: inDays(2),
    });
    const ended = await createProject(t.ctx.db, { clientId: ids.demo, endsAt: inDays(-1) });
    const endedJoined = await createProject(t.ctx.db, {
      clientId: ids.demo,
      startsAt: inDays(-9),
      endsAt: inDays(-1),
    });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: endedJoined.id, userId: user.id });
    const activeJoined = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: activeJoined.id, userId: user.id });

    const list = await listOf(token);
    const of = (id: string) => {
      const p = list.find((x) => x.id === id)!;
      return { state: p.state, joined: p.joined, abilities: p.abilities };
    };
    expect(of(upcoming.id)).toEqual({
      state: 'upcoming',
      joined: false,
      abilities: { join: true, leave: false },
    });
    expect(of(active.id)).toEqual({
      state: 'active',
      joined: false,
      abilities: { join: true, leave: false },
    });
    expect(of(ended.id)).toEqual({ state: 'ended', joined: false, abilities: { join: false, leave: false } });
    expect(of(endedJoined.id)).toEqual({
      state: 'ended',
      joined: true,
      abilities: { join: false, leave: true },
    });
    expect(of(activeJoined.id)).toEqual({
      state: 'active',
      joined: true,
      abilities: { join: false, leave: true },
    });
  });
});

describe('GET /api/projects/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { url: `/api/projects/${project.id}` });
  });

  it('answers 400 for an id that is not a project id', async () => {
    const { token } = await member();
    const res = await get('/api/projects/not-an-id', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be a project id', code: 'invalid_input' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await expectBlockedWhilePaused(
      t,
      { url: `/api/projects/${project.id}` },
      { member: token, admin: adminToken },
    );
  });

  it("answers 404 for another client's project, even to a stray member of it, which its own host serves", async () => {
    const { user, token } = await member();
    const foreign = await createProject(t.ctx.db, { clientId: ids.acme });
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: foreign.id, userId: user.id });
    const res = await get(`/api/projects/${foreign.id}`, token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });

    const acmeToken = await t.login('member@acme.test');
    const own = await get(`/api/projects/${foreign.id}`, acmeToken, ACME_HOST);
    expect(own.statusCode).toBe(200);
    expect(own.json().project.id).toBe(foreign.id);
  });

  it('answers 404 for an unknown, archived, other-team or uninvited project', async () => {
    const { user, token } = await member();
    const otherTeam = await createTeam(t.ctx.db, { clientId: ids.demo });
    const archived = await createProject(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: archived.id, userId: user.id });
    const teamOnly = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [otherTeam.id],
    });
    const inviteOnly = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    // An invitation of someone else opens nothing for this member.
    const invited = await createUser(t.ctx.db, { clientId: ids.demo });
    await inviteToProject(t.ctx.db, { clientId: ids.demo, projectId: inviteOnly.id, userId: invited.id });
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', archived.id, teamOnly.id, inviteOnly.id]) {
      const res = await get(`/api/projects/${id}`, token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Project not found' });
    }
  });

  it('shows a teams project to members of a listed team and an invite-only project to invited members', async () => {
    const { user, token } = await member();
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [user.id]);
    const teamOnly = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    const inviteOnly = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    await inviteToProject(t.ctx.db, { clientId: ids.demo, projectId: inviteOnly.id, userId: user.id });

    const teamRes = await get(`/api/projects/${teamOnly.id}`, token);
    expect(teamRes.statusCode).toBe(200);
    expect(teamRes.json().project).toMatchObject({ audience: 'teams', joined: false });
    const inviteRes = await get(`/api/projects/${inviteOnly.id}`, token);
    expect(inviteRes.statusCode).toBe(200);
    expect(inviteRes.json().project).toMatchObject({
      audience: 'invite',
      joined: false,
      abilities: { join: true, leave: false },
    });
    const listed = (await listOf(token)).map((p) => p.id);
    expect(listed).toContain(teamOnly.id);
    expect(listed).toContain(inviteOnly.id);
  });

  it("answers the project with its live activities in due order and the member's own participation", async () => {
    const { user, token } = await member();
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, {
      clientId: ids.demo,
      description: 'Spring launch',
      startsAt: inDays(-3),
      endsAt: inDays(30),
    });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    const later = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      points: 20,
      dueAt: inDays(10),
    });
    const sooner = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'content_submission',
      points: 30,
      dueAt: inDays(5),
    });
    const open = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'social_post',
      points: 10,
    });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id, archivedAt: new Date() });
    const pending = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: sooner.id,
      userId: user.id,
      status: 'pending',
      isComplete: false,
      data: { caption: 'Look at this' },
    });
    // Someone else's completion is not this member's.
    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: later.id, userId: other.id });

    const res = await get(`/api/projects/${project.id}`, token);
    expect(res.statusCode).toBe(200);
    const { project: body } = res.json();
    expect(body).toMatchObject({
      id: project.id,
      name: project.name,
      description: 'Spring launch',
      audience: 'open',
      starts_at: project.startsAt!.toISOString(),
      ends_at: project.endsAt!.toISOString(),
      state: 'active',
      joined: true,
      completed: false,
      activity_types: ['content_submission', 'social_post', 'training'],
      activity_count: 3,
      completed_count: 0,
      points: 60,
      pending_trainings: 1,
      context: { training: true },
      abilities: { join: false, leave: true },
    });
    expect(body.activities.map((a: { id: string }) => a.id)).toEqual([sooner.id, later.id, open.id]);
    expect(body.activities[0]).toEqual({
      id: sooner.id,
      project_id: project.id,
      type: 'content_submission',
      title: sooner.title,
      description: null,
      points: 30,
      starts_at: null,
      due_at: sooner.dueAt!.toISOString(),
      status: 'pending',
      participation: {
        id: pending.id,
        status: 'pending',
        data: { caption: 'Look at this' },
        reject_reason: null,
        created_at: pending.createdAt.toISOString(),
      },
    });
    expect(body.activities[1]).toMatchObject({ status: 'todo', participation: null });
    expect(body.activities[2]).toMatchObject({ status: 'todo', participation: null });
  });

  it("never lists a stray activity row of another client that points at this client's project", async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    const own = await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id });
    const stray = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: project.id,
      title: 'Stray',
    });
    const res = await get(`/api/projects/${project.id}`, token);
    expect(res.json().project.activities.map((a: { id: string }) => a.id)).toEqual([own.id]);
    expect(res.body).not.toContain('Stray');
    expect((await get(`/api/activities/${stray.id}`, token)).statusCode).toBe(404);
  });

  it('counts pending trainings down as the member completes them, and shows rejected work as rejected', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const t1 = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
    });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id, type: 'training' });
    const brief = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'content_submission',
    });
    const detail = async () => (await get(`/api/projects/${project.id}`, token)).json().project;
    expect((await detail()).pending_trainings).toBe(2);

    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: t1.id, userId: user.id });
    await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: brief.id,
      userId: user.id,
      status: 'rejected',
      isComplete: false,
      rejectReason: 'Logo is cut off',
    });
    const after = await detail();
    expect(after).toMatchObject({ pending_trainings: 1, completed_count: 1, completed: false });
    const rejected = after.activities.find((a: { id: string }) => a.id === brief.id);
    expect(rejected).toMatchObject({
      status: 'rejected',
      participation: { status: 'rejected', reject_reason: 'Logo is cut off' },
    });
    expect((await listOf(token)).find((p) => p.id === project.id)?.pending_trainings).toBe(1);
  });
});
