import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations } from '../../db/schema/index.ts';
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

interface ProjectDto {
  id: string;
  name: string;
  joined: boolean;
  completed: boolean;
  context: { training: boolean };
}
const projectsOf = async (token: string): Promise<ProjectDto[]> => {
  const res = await t.app.inject({ url: '/api/projects', headers: headersFor(token) });
  expect(res.statusCode).toBe(200);
  return res.json().projects;
};
const find = (list: ProjectDto[], id: string) => list.find((p) => p.id === id);
const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};

describe('GET /api/projects', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/projects' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await member();
    await expectBlockedWhilePaused(t, { url: '/api/projects' }, { member: token, admin: adminToken });
  });

  it('answers {projects: []} when the client has none for the member', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.acme });
    const token = await t.login(user.email!, ACME_HOST);
    const res = await t.app.inject({ url: '/api/projects', headers: headersFor(token, ACME_HOST) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ projects: [] });
  });

  it('computes context.training from the activities and joined from the membership', async () => {
    const { user, token } = await member();
    const withTraining = await createProject(t.ctx.db, {
      clientId: ids.demo,
      description: 'Learn the product',
    });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: withTraining.id, type: 'training' });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: withTraining.id, type: 'social_post' });
    const plain = await createProject(t.ctx.db, { clientId: ids.demo });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: plain.id, type: 'content_submission' });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: plain.id, userId: user.id });

    const list = await projectsOf(token);
    expect(find(list, withTraining.id)).toEqual({
      id: withTraining.id,
      name: withTraining.name,
      description: 'Learn the product',
      image_url: null,
      audience: 'open',
      starts_at: null,
      ends_at: null,
      state: 'active',
      joined: false,
      completed: false,
      activity_types: ['social_post', 'training'],
      activity_count: 2,
      completed_count: 0,
      points: 0,
      pending_trainings: 1,
      context: { training: true },
      abilities: { join: true, leave: false },
    });
    expect(find(list, plain.id)).toMatchObject({
      joined: true,
      completed: false,
      context: { training: false },
    });
    // Newest first.
    expect(list.findIndex((p) => p.id === plain.id)).toBeLessThan(
      list.findIndex((p) => p.id === withTraining.id),
    );
  });

  it('marks a project completed only when the member completed every activity', async () => {
    const { user, token } = await member();
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const a1 = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
    });
    const a2 = await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id });
    const empty = await createProject(t.ctx.db, { clientId: ids.demo });

    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: a1.id, userId: user.id });
    await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: a2.id,
      userId: user.id,
      isComplete: false,
      status: 'pending',
    });
    // Someone else finishing the project does not count for this member.
    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: a1.id, userId: other.id });
    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: a2.id, userId: other.id });
    let list = await projectsOf(token);
    expect(find(list, project.id)?.completed).toBe(false);
    // A project without activities is never completed.
    expect(find(list, empty.id)?.completed).toBe(false);
    expect(find(await projectsOf(await t.login(other.email!)), project.id)?.completed).toBe(true);

    await t.ctx.db
      .update(participations)
      .set({ isComplete: true, status: 'completed' })
      .where(and(eq(participations.activityId, a2.id), eq(participations.userId, user.id)));
    list = await projectsOf(token);
    expect(find(list, project.id)).toMatchObject({ completed: true, context: { training: true } });
  });

  it('shows a team-restricted project only to members of that team, and an invite-only one only to its members', async () => {
    const insider = await member();
    const outsider = await member();
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [insider.user.id]);
    await createTeam(t.ctx.db, { clientId: ids.demo }, [outsider.user.id]);
    const restricted = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    const invite = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: invite.id, userId: outsider.user.id });
    const archived = await createProject(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });

    const inside = await projectsOf(insider.token);
    expect(find(inside, restricted.id)).toBeDefined();
    expect(find(inside, invite.id)).toBeUndefined();
    const outside = await projectsOf(outsider.token);
    expect(find(outside, restricted.id)).toBeUndefined();
    expect(find(outside, invite.id)).toMatchObject({ joined: true });
    for (const list of [inside, outside]) expect(find(list, archived.id)).toBeUndefined();
  });

  it("never shows another client's project, even to a member of it", async () => {
    const { user, token } = await member();
    const foreign = await createProject(t.ctx.db, { clientId: ids.acme, name: 'Acme launch' });
    // Even a stray membership row across clients must not leak the project.
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: foreign.id, userId: user.id });
    const list = await projectsOf(token);
    expect(find(list, foreign.id)).toBeUndefined();
    expect(list.every((p) => p.name !== 'Acme launch')).toBe(true);
  });
});
