import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, projectInvites, projectMembers, projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createUser,
  inviteToProject,
  joinProject,
  userByEmail,
} from '../../test/factories.ts';
import {
  archiveActivity,
  replaceProjectInvites,
  setProjectArchived,
  updateActivity,
  updateProject,
} from './admin-projects.repository.ts';
import { editActivity } from './commands/edit-activity.ts';
import { editProject } from './commands/edit-project.ts';
import { setProjectInvites } from './commands/set-project-invites.ts';
import { leaveProject } from './projects.repository.ts';

/**
 * Every project and activity write takes the tenant: called with the other client's id on rows of Demo, it
 * changes nothing; with Demo's own id it does (so the first assertion is not vacuous).
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await userByEmail(t.ctx.db, 'admin@demo.test');
});
afterAll(() => t.close());

const projectRow = async (id: string) =>
  (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0];
const activityRow = async (id: string) =>
  (await t.ctx.db.select().from(activities).where(eq(activities.id, id)))[0];
const inviteesOf = async (projectId: string) =>
  (await t.ctx.db.select().from(projectInvites).where(eq(projectInvites.projectId, projectId))).map(
    (row) => row.userId,
  );
const isMember = async (projectId: string, userId: string) =>
  (
    await t.ctx.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
  ).length > 0;

/** An invite-only project of Demo with one invited member who joined it, and one activity. */
async function demoProject() {
  const member = await createUser(t.ctx.db, { clientId: ids.demo });
  const project = await createProject(t.ctx.db, { clientId: ids.demo, name: 'Ours', audience: 'invite' });
  await inviteToProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: member.id });
  await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: member.id });
  const activity = await createActivity(t.ctx.db, {
    clientId: ids.demo,
    projectId: project.id,
    title: 'Say hello',
    config: { type: 'general_participation', prompt: 'Hello?', response: 'text', choices: [] },
  });
  return { member, project, activity };
}

describe('project writes', () => {
  it("updateProject with another client's id changes nothing", async () => {
    const { project } = await demoProject();
    const before = await projectRow(project.id);
    const changes = { name: 'Taken over', description: 'Not yours' };
    await updateProject(t.ctx.db, { clientId: ids.acme, projectId: project.id, changes });
    expect(await projectRow(project.id)).toEqual(before);
    await updateProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, changes });
    expect((await projectRow(project.id))?.name).toBe('Taken over');
  });

  it("setProjectArchived with another client's id neither archives nor unarchives", async () => {
    const { project } = await demoProject();
    const before = await projectRow(project.id);
    await setProjectArchived(t.ctx.db, { clientId: ids.acme, projectId: project.id, archived: true });
    expect(await projectRow(project.id)).toEqual(before);
    await setProjectArchived(t.ctx.db, { clientId: ids.demo, projectId: project.id, archived: true });
    const archived = await projectRow(project.id);
    expect(archived?.archivedAt).not.toBeNull();
    await setProjectArchived(t.ctx.db, { clientId: ids.acme, projectId: project.id, archived: false });
    expect(await projectRow(project.id)).toEqual(archived);
  });

  it("replaceProjectInvites with another client's id keeps the invitees", async () => {
    const { project, member } = await demoProject();
    await replaceProjectInvites(t.ctx.db, { clientId: ids.acme, projectId: project.id, userIds: [] });
    expect(await inviteesOf(project.id)).toEqual([member.id]);
    await replaceProjectInvites(t.ctx.db, { clientId: ids.demo, projectId: project.id, userIds: [] });
    expect(await inviteesOf(project.id)).toEqual([]);
  });

  it("leaveProject with another client's id keeps the member in the project", async () => {
    const { project, member } = await demoProject();
    await leaveProject(t.ctx.db, { clientId: ids.acme, userId: member.id, projectId: project.id });
    expect(await isMember(project.id, member.id)).toBe(true);
    await leaveProject(t.ctx.db, { clientId: ids.demo, userId: member.id, projectId: project.id });
    expect(await isMember(project.id, member.id)).toBe(false);
  });
});

describe('activity writes', () => {
  it("updateActivity with another client's id changes nothing", async () => {
    const { activity } = await demoProject();
    const before = await activityRow(activity.id);
    const changes = { title: 'Taken over', points: 999 };
    await updateActivity(t.ctx.db, { clientId: ids.acme, activityId: activity.id, changes });
    expect(await activityRow(activity.id)).toEqual(before);
    await updateActivity(t.ctx.db, { clientId: ids.demo, activityId: activity.id, changes });
    expect((await activityRow(activity.id))?.title).toBe('Taken over');
  });

  it("archiveActivity with another client's id leaves the activity live", async () => {
    const { activity } = await demoProject();
    const before = await activityRow(activity.id);
    await archiveActivity(t.ctx.db, { clientId: ids.acme, activityId: activity.id });
    expect(await activityRow(activity.id)).toEqual(before);
    await archiveActivity(t.ctx.db, { clientId: ids.demo, activityId: activity.id });
    expect((await activityRow(activity.id))?.archivedAt).not.toBeNull();
  });
});

describe('the project commands', () => {
  it("editProject with another client's id answers 404 and changes nothing", async () => {
    const { project } = await demoProject();
    const before = await projectRow(project.id);
    const input = { actorId: admin.id, projectId: project.id, changes: { name: 'Taken over' } };
    await expect(editProject(t.ctx, { ...input, clientId: ids.acme })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await projectRow(project.id)).toEqual(before);
    await editProject(t.ctx, { ...input, clientId: ids.demo });
    expect((await projectRow(project.id))?.name).toBe('Taken over');
  });

  it("setProjectInvites with another client's id answers 404 and keeps the invitees", async () => {
    const { project, member } = await demoProject();
    const input = { actorId: admin.id, projectId: project.id, userIds: [] };
    await expect(setProjectInvites(t.ctx, { ...input, clientId: ids.acme })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await inviteesOf(project.id)).toEqual([member.id]);
    await setProjectInvites(t.ctx, { ...input, clientId: ids.demo });
    expect(await inviteesOf(project.id)).toEqual([]);
  });

  it("editActivity with another client's id answers 404 and changes nothing", async () => {
    const { activity } = await demoProject();
    const before = await activityRow(activity.id);
    const input = { activityId: activity.id, changes: { title: 'Taken over' } };
    await expect(editActivity(t.ctx, { ...input, clientId: ids.acme })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await activityRow(activity.id)).toEqual(before);
    await editActivity(t.ctx, { ...input, clientId: ids.demo });
    expect((await activityRow(activity.id))?.title).toBe('Taken over');
  });
});
