import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations, projectMembers } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired, whileDemoPaused } from '../../test/expectations.ts';
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
  ledgerOf,
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
const post = (url: string, token: string, host?: string) =>
  t.app.inject({ method: 'POST', url, headers: headersFor(token, host) });
const membership = async (projectId: string, userId: string) =>
  t.ctx.db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
const memberCount = async () => (await t.ctx.db.select({ n: count() }).from(projectMembers))[0]!.n;

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

describe('POST /api/projects/{id}/join', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'POST', url: `/api/projects/${project.id}/join` });
    expect(
      await t.ctx.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id)),
    ).toEqual([]);
  });

  it('answers 400 for an id that is not a project id, and joins nothing', async () => {
    const { token } = await member();
    const before = await memberCount();
    const res = await post('/api/projects/123/join', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be a project id', code: 'invalid_input' });
    expect(await memberCount()).toBe(before);
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await expectBlockedWhilePaused(
      t,
      { method: 'POST', url: `/api/projects/${project.id}/join` },
      { member: token, admin: adminToken },
    );
    expect(await membership(project.id, user.id)).toEqual([]);
  });

  it('answers 409 project_ended for an ended project, and joins nothing', async () => {
    const { user, token } = await member();
    const ended = await createProject(t.ctx.db, { clientId: ids.demo, endsAt: inDays(-1) });
    const res = await post(`/api/projects/${ended.id}/join`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This Project has ended', code: 'project_ended' });
    expect(await membership(ended.id, user.id)).toEqual([]);
  });

  it("says the client's own words in a refusal naming a project (issue 23): Acme's is a Mission", async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.acme });
    const token = await t.login(user.email!, ACME_HOST);
    const ended = await createProject(t.ctx.db, { clientId: ids.acme, endsAt: inDays(-1) });
    const res = await post(`/api/projects/${ended.id}/join`, token, ACME_HOST);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This Mission has ended', code: 'project_ended' });
    const unknown = await get('/api/projects/00000000-0000-7000-8000-000000000000', token, ACME_HOST);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Mission not found' });
    expect(await membership(ended.id, user.id)).toEqual([]);
  });

  it("answers 404 for another client's project and for projects hidden from the member, joining nothing", async () => {
    const { user, token } = await member();
    const foreign = await createProject(t.ctx.db, { clientId: ids.acme });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const teamOnly = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    const inviteOnly = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    const archived = await createProject(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
    for (const project of [foreign, teamOnly, inviteOnly, archived]) {
      const res = await post(`/api/projects/${project.id}/join`, token);
      expect(res.statusCode, project.audience).toBe(404);
      expect(res.json()).toEqual({ message: 'Project not found' });
      expect(await membership(project.id, user.id)).toEqual([]);
    }
  });

  it('joins an open active project and answers its detail with the new abilities', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const activity = await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id });
    const res = await post(`/api/projects/${project.id}/join`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      id: project.id,
      joined: true,
      state: 'active',
      abilities: { join: false, leave: true },
      activities: [{ id: activity.id, status: 'todo' }],
    });
    expect(await membership(project.id, user.id)).toEqual([
      expect.objectContaining({ clientId: ids.demo, projectId: project.id, userId: user.id }),
    ]);
    // Joining again changes nothing.
    const again = await post(`/api/projects/${project.id}/join`, token);
    expect(again.statusCode).toBe(200);
    expect(again.json().project.joined).toBe(true);
    expect(await membership(project.id, user.id)).toHaveLength(1);
  });

  it('joins an upcoming project, an invite-only project the member is invited to and a project of their team', async () => {
    const { user, token } = await member();
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [user.id]);
    const upcoming = await createProject(t.ctx.db, { clientId: ids.demo, startsAt: inDays(3) });
    const inviteOnly = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    await inviteToProject(t.ctx.db, { clientId: ids.demo, projectId: inviteOnly.id, userId: user.id });
    const teamOnly = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    for (const project of [upcoming, inviteOnly, teamOnly]) {
      const res = await post(`/api/projects/${project.id}/join`, token);
      expect(res.statusCode, project.audience).toBe(200);
      expect(res.json().project.joined).toBe(true);
      expect(await membership(project.id, user.id)).toHaveLength(1);
    }
    expect((await listOf(token)).find((p) => p.id === upcoming.id)).toMatchObject({
      state: 'upcoming',
      joined: true,
      abilities: { join: false, leave: true },
    });
  });
});

describe('POST /api/projects/{id}/leave', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { user } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    await expectSessionRequired(t, { method: 'POST', url: `/api/projects/${project.id}/leave` });
    expect(await membership(project.id, user.id)).toHaveLength(1);
  });

  it('answers 400 for an id that is not a project id, and leaves nothing', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    const res = await post('/api/projects/x/leave', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_input');
    expect(await membership(project.id, user.id)).toHaveLength(1);
  });

  it('answers 403 client_paused to a member of a paused client, who stays in the project', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    await whileDemoPaused(t, async () => {
      const res = await post(`/api/projects/${project.id}/leave`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('client_paused');
    });
    expect(await membership(project.id, user.id)).toHaveLength(1);
  });

  it("answers 404 for another client's project and keeps a stray membership there", async () => {
    const { user, token } = await member();
    const foreign = await createProject(t.ctx.db, { clientId: ids.acme });
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: foreign.id, userId: user.id });
    const res = await post(`/api/projects/${foreign.id}/leave`, token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
    expect(await membership(foreign.id, user.id)).toHaveLength(1);
  });

  it("leaves the project but keeps the member's participations and points", async () => {
    const { user, token } = await member();
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      points: 15,
    });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: other.id });
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/activities/${activity.id}/participation`,
      headers: headersFor(token),
      payload: { type: 'training' },
    });
    expect(completed.statusCode).toBe(200);

    const res = await post(`/api/projects/${project.id}/leave`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await membership(project.id, user.id)).toEqual([]);
    expect(await membership(project.id, other.id)).toHaveLength(1);
    const kept = await t.ctx.db
      .select()
      .from(participations)
      .where(and(eq(participations.activityId, activity.id), eq(participations.userId, user.id)));
    expect(kept).toHaveLength(1);
    expect((await ledgerOf(t.ctx.db, user.id)).map((r) => r.points)).toEqual([15]);

    const detail = (await get(`/api/projects/${project.id}`, token)).json().project;
    expect(detail).toMatchObject({ joined: false, abilities: { join: true, leave: false } });
    expect(detail.activities[0]).toMatchObject({ status: 'completed' });
  });

  it('lets a member leave an ended project, and answers ok when they were not in it', async () => {
    const { user, token } = await member();
    const ended = await createProject(t.ctx.db, { clientId: ids.demo, endsAt: inDays(-1) });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: ended.id, userId: user.id });
    expect((await post(`/api/projects/${ended.id}/leave`, token)).statusCode).toBe(200);
    expect(await membership(ended.id, user.id)).toEqual([]);
    const again = await post(`/api/projects/${ended.id}/leave`, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
  });

  it('hides a teams project again once a member outside its teams leaves it', async () => {
    const { user, token } = await member();
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const teamOnly = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    // Added by an admin while outside the team: the membership alone makes it visible.
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: teamOnly.id, userId: user.id });
    expect((await get(`/api/projects/${teamOnly.id}`, token)).statusCode).toBe(200);
    expect((await post(`/api/projects/${teamOnly.id}/leave`, token)).statusCode).toBe(200);
    expect((await get(`/api/projects/${teamOnly.id}`, token)).statusCode).toBe(404);
  });
});

describe('GET /api/training-library', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/training-library' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await member();
    await expectBlockedWhilePaused(t, { url: '/api/training-library' }, { member: token, admin: adminToken });
  });

  it('lists the trainings of every project the member can see, pending first, then by due date', async () => {
    const { user, token } = await member();
    const project = await createProject(t.ctx.db, { clientId: ids.demo, name: 'Academy' });
    const noDue = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      title: 'Basics',
      description: 'Start here',
      points: 5,
    });
    const dueLater = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      dueAt: inDays(9),
    });
    const dueSoon = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      dueAt: inDays(2),
    });
    const done = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
    });
    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: done.id, userId: user.id });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id, type: 'social_post' });
    await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      archivedAt: new Date(),
    });
    // Trainings of hidden, archived and foreign projects stay out.
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const hidden = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    const archived = await createProject(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
    const foreign = await createProject(t.ctx.db, { clientId: ids.acme });
    const outside = [];
    for (const p of [hidden, archived])
      outside.push(await createActivity(t.ctx.db, { clientId: ids.demo, projectId: p.id, type: 'training' }));
    outside.push(
      await createActivity(t.ctx.db, { clientId: ids.acme, projectId: foreign.id, type: 'training' }),
    );

    const res = await get('/api/training-library', token);
    expect(res.statusCode).toBe(200);
    const mine = res.json().trainings.filter((x: { project: { id: string } }) => x.project.id === project.id);
    expect(mine.map((x: { id: string }) => x.id)).toEqual([dueSoon.id, dueLater.id, noDue.id, done.id]);
    expect(mine[2]).toEqual({
      id: noDue.id,
      title: 'Basics',
      description: 'Start here',
      points: 5,
      project: { id: project.id, name: 'Academy' },
      completed: false,
      due_at: null,
    });
    expect(mine[0].due_at).toBe(dueSoon.dueAt!.toISOString());
    expect(mine[3].completed).toBe(true);
    const listed = res.json().trainings.map((x: { id: string }) => x.id);
    for (const a of outside) expect(listed).not.toContain(a.id);
  });

  it("answers only this client's trainings on each host", async () => {
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const acmeTraining = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: acmeProject.id,
      type: 'training',
    });
    const acmeToken = await t.login('member@acme.test');
    const acme = await get('/api/training-library', acmeToken, ACME_HOST);
    expect(acme.statusCode).toBe(200);
    expect(acme.json().trainings.map((x: { id: string }) => x.id)).toContain(acmeTraining.id);
    const { token } = await member();
    const demo = await get('/api/training-library', token);
    expect(demo.json().trainings.map((x: { id: string }) => x.id)).not.toContain(acmeTraining.id);
  });
});
