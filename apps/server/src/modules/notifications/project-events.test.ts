import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser, headersFor, joinProject, unique } from '../../test/factories.ts';
import { drainJobs } from '../../test/factories-notifications.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: headersFor(adminToken), payload });
const noticesOf = (userId: string, kind: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const member = () => createUser(t.ctx.db, { clientId: ids.demo });
const pendingNotifyFor = async (projectId: string) =>
  (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify'))).filter(
    (j) => (j.payload.to as { projectAudience?: string }).projectAudience === projectId && !j.doneAt,
  );

describe('new project notifications', () => {
  it("notifies an open project's whole audience when it starts now, linking to it; never the admin", async () => {
    const someone = await member();
    const name = unique('Launch ');
    const res = await send('POST', '/api/admin/projects', { name, starts_at: inDays(-1) });
    expect(res.statusCode).toBe(201);
    await drainJobs(t);
    const [note] = await noticesOf(someone.id, 'new_project');
    expect(note).toMatchObject({ title: `New project: ${name}`, link: `/projects/${res.json().project.id}` });
    const recipients = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, note!.title));
    expect(note!.actorId).not.toBeNull();
    expect(recipients.map((n) => n.userId)).not.toContain(note!.actorId);
  });

  it("notifies only the audience teams' members of a team project", async () => {
    const [inTeam, outside] = [await member(), await member()];
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [inTeam.id]);
    const res = await send('POST', '/api/admin/projects', {
      name: unique('Team only '),
      audience: 'teams',
      audience_team_ids: [team.id],
    });
    expect(res.statusCode).toBe(201);
    await drainJobs(t);
    expect(await noticesOf(inTeam.id, 'new_project')).toHaveLength(1);
    expect(await noticesOf(outside.id, 'new_project')).toHaveLength(0);
  });

  it('schedules the announcement for a later start, moves it with the start, and drops the stale one', async () => {
    const someone = await member();
    const res = await send('POST', '/api/admin/projects', { name: unique('Later '), starts_at: inDays(7) });
    const id = res.json().project.id as string;
    await drainJobs(t);
    expect(await noticesOf(someone.id, 'new_project')).toHaveLength(0);
    const [scheduled] = await pendingNotifyFor(id);
    expect(scheduled!.runAt.toISOString()).toBe(new Date(res.json().project.starts_at).toISOString());

    const moved = await send('PATCH', `/api/admin/projects/${id}`, {
      name: 'Later, moved',
      starts_at: inDays(-1),
    });
    expect(moved.statusCode).toBe(200);
    // Both the moved announcement and the stale one become due; only the first notifies.
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, scheduled!.id));
    await drainJobs(t);
    expect(await noticesOf(someone.id, 'new_project')).toEqual([
      expect.objectContaining({ title: 'New project: Later, moved', link: `/projects/${id}` }),
    ]);

    // Editing a project that has started announces nothing again.
    await send('PATCH', `/api/admin/projects/${id}`, { name: 'Later, again', starts_at: inDays(3) });
    await drainJobs(t);
    expect(await pendingNotifyFor(id)).toEqual([]);
    expect(await noticesOf(someone.id, 'new_project')).toHaveLength(1);
  });
});

describe('new activity notifications', () => {
  it('notifies the members of the project, not other people, with a link to the activity', async () => {
    const [joined, outsider] = [await member(), await member()];
    const project = (
      await send('POST', '/api/admin/projects', { name: unique('Acts '), starts_at: inDays(-1) })
    ).json().project;
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: joined.id });
    const res = await send('POST', `/api/admin/projects/${project.id}/activities`, {
      title: 'Pick a favourite',
      points: 5,
      config: { type: 'general_participation', prompt: 'Which colour?', response: 'text' },
    });
    expect(res.statusCode).toBe(201);
    await drainJobs(t);
    expect(await noticesOf(joined.id, 'new_activity')).toEqual([
      expect.objectContaining({
        title: `New activity in ${project.name}: Pick a favourite`,
        link: `/projects/${project.id}/activities/${res.json().activity.id}`,
      }),
    ]);
    expect(await noticesOf(outsider.id, 'new_activity')).toEqual([]);
  });
});

describe('invite notifications', () => {
  it('tells members newly invited to a running invite-only project, once, and nobody before its start', async () => {
    const [first, second] = [await member(), await member()];
    const name = unique('Invite ');
    const project = (await send('POST', '/api/admin/projects', { name, audience: 'invite' })).json().project;
    await drainJobs(t);
    const invite = (userIds: string[]) =>
      send('PUT', `/api/admin/projects/${project.id}/invites`, { user_ids: userIds });
    expect((await invite([first.id])).statusCode).toBe(200);
    await drainJobs(t);
    expect(await noticesOf(first.id, 'new_project')).toEqual([
      expect.objectContaining({
        title: `You are invited to the project ${name}`,
        link: `/projects/${project.id}`,
      }),
    ]);
    // Saving the list again with one more person tells only the new one.
    expect((await invite([first.id, second.id])).statusCode).toBe(200);
    await drainJobs(t);
    expect(await noticesOf(first.id, 'new_project')).toHaveLength(1);
    expect(await noticesOf(second.id, 'new_project')).toHaveLength(1);

    const later = (
      await send('POST', '/api/admin/projects', {
        name: unique('Later '),
        audience: 'invite',
        starts_at: inDays(3),
      })
    ).json().project;
    const third = await member();
    expect(
      (await send('PUT', `/api/admin/projects/${later.id}/invites`, { user_ids: [third.id] })).statusCode,
    ).toBe(200);
    await drainJobs(t);
    expect(await noticesOf(third.id, 'new_project')).toEqual([]);
  });
});
