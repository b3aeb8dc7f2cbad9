import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, jobs, notifications, users } from '../db/schema/index.ts';
import { type NotificationEvent, notify } from '../modules/notifications/notify.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import {
  clientIds,
  createProject,
  createTeam,
  createUser,
  inviteToProject,
  joinProject,
  unique,
} from '../test/factories.ts';
import { createDevice, drainJobs, setPushOff } from '../test/factories-notifications.ts';
import { NOTIFY_CHUNK } from './notify.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
const published: { client_id: string; user_ids: string[] }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  t.ctx.bus.subscribe('notifications', (m) => published.push(JSON.parse(m)));
});
afterAll(() => t.close());

const member = (input: Partial<typeof users.$inferInsert> = {}) =>
  createUser(t.ctx.db, { clientId: ids.demo, ...input });
const event = (to: NotificationEvent['to'], extra: Partial<NotificationEvent> = {}): NotificationEvent => ({
  clientId: ids.demo,
  kind: 'new_project',
  to,
  title: unique('Title '),
  body: 'Body',
  link: '/projects',
  ...extra,
});
/** Runs the notify event and answers who got a row of it. */
async function deliver(e: NotificationEvent): Promise<string[]> {
  await notify(t.ctx.db, e);
  await drainJobs(t);
  const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.title, e.title));
  return rows.map((r) => r.userId).sort();
}
const sorted = (list: { id: string }[]) => list.map((u) => u.id).sort();

describe('notify job: audience', () => {
  it('notifies given users once each, with the event fields, never the actor or another client', async () => {
    const [a, b, actor] = [await member(), await member(), await member()];
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const e = event({ users: [a.id, b.id, b.id, actor.id, acmeUser.id] }, { actorId: actor.id });
    expect(await deliver(e)).toEqual(sorted([a, b]));
    const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(row).toMatchObject({
      clientId: ids.demo,
      kind: 'new_project',
      title: e.title,
      body: 'Body',
      link: '/projects',
      actorId: actor.id,
      readAt: null,
    });
  });

  it("stores the event's message on every recipient's row, and none without one", async () => {
    const [a, b] = [await member(), await member()];
    const message = { key: 'comment' as const, params: { actor: 'Ana' } };
    const e = event({ users: [a.id, b.id] }, { title: 'Ana commented on your post', message });
    await notify(t.ctx.db, e);
    const plain = event({ users: [a.id] });
    await notify(t.ctx.db, plain);
    await drainJobs(t);
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [a.id, b.id]));
    expect(rows.map((r) => [r.userId, r.title, r.message]).sort()).toEqual(
      [
        [a.id, e.title, message],
        [b.id, e.title, message],
        [a.id, plain.title, null],
      ].sort(),
    );
  });

  it('leaves out inactive people and applicants', async () => {
    const [active, inactive, applicant] = [
      await member(),
      await member({ isActive: false }),
      await member({ role: 'APPLICANT' }),
    ];
    expect(await deliver(event({ users: [active.id, inactive.id, applicant.id] }))).toEqual([active.id]);
  });

  it("notifies a project's members and a team's members only", async () => {
    const [inProject, inTeam, outsider, actor] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    for (const u of [inProject, actor])
      await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: u.id });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [inTeam.id, actor.id]);
    expect(await deliver(event({ project: project.id }, { actorId: actor.id }))).toEqual([inProject.id]);
    expect(await deliver(event({ team: team.id }, { actorId: actor.id }))).toEqual([inTeam.id]);
    expect(outsider).toBeDefined();
  });

  it("notifies a project's audience: everyone for an open project, audience teams' members, or invitees", async () => {
    const [fresh, inTeam, invited, actor] = [await member(), await member(), await member(), await member()];
    const applicant = await member({ role: 'APPLICANT' });
    const open = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'open' });
    const openAudience = await deliver(event({ projectAudience: open.id }, { actorId: actor.id }));
    expect(openAudience).toContain(fresh.id);
    expect(openAudience).not.toContain(actor.id);
    expect(openAudience).not.toContain(applicant.id);
    const acmeUsers = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.clientId, ids.acme));
    expect(openAudience.some((id) => acmeUsers.some((u) => u.id === id))).toBe(false);

    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [inTeam.id]);
    const forTeam = await createProject(t.ctx.db, {
      clientId: ids.demo,
      audience: 'teams',
      audienceTeamIds: [team.id],
    });
    expect(await deliver(event({ projectAudience: forTeam.id }))).toEqual([inTeam.id]);

    const invite = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    await inviteToProject(t.ctx.db, { clientId: ids.demo, projectId: invite.id, userId: invited.id });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: invite.id, userId: fresh.id });
    expect(await deliver(event({ projectAudience: invite.id }))).toEqual(sorted([invited, fresh]));
  });

  it("never reaches into another client's project or team", async () => {
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme, audience: 'open' });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme }, [acmeUser.id]);
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: acmeProject.id, userId: acmeUser.id });
    expect(await deliver(event({ project: acmeProject.id }))).toEqual([]);
    expect(await deliver(event({ team: acmeTeam.id }))).toEqual([]);
    expect(await deliver(event({ projectAudience: acmeProject.id }))).toEqual([]);
  });

  it('drops a notification scheduled for a project start once the project moved or was archived', async () => {
    const someone = await member();
    const startsAt = new Date(Date.now() - 1000);
    const project = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'open', startsAt });
    const due = event({ projectAudience: project.id }, { projectStartsAt: startsAt.toISOString() });
    expect(await deliver(due)).toContain(someone.id);
    const moved = event({ projectAudience: project.id }, { projectStartsAt: new Date(0).toISOString() });
    expect(await deliver(moved)).toEqual([]);
  });

  it('splits a large audience into jobs of at most NOTIFY_CHUNK recipients', async () => {
    const many = await t.ctx.db
      .insert(users)
      .values(
        Array.from({ length: NOTIFY_CHUNK + 5 }, () => ({
          clientId: ids.demo,
          email: `${unique('many')}@example.test`,
        })),
      )
      .returning({ id: users.id });
    const message = { key: 'welcome' as const, params: { client: 'Demo' } };
    const e = event({ users: many.map((u) => u.id) }, { message });
    expect(await deliver(e)).toEqual(sorted(many));
    // Each child job carries the message on to its recipients' rows.
    const delivered = await t.ctx.db.select().from(notifications).where(eq(notifications.title, e.title));
    expect(delivered.every((r) => JSON.stringify(r.message) === JSON.stringify(message))).toBe(true);
    const children = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify'));
    const sizes = children
      .filter((j) => j.payload.title === e.title)
      .map((j) => (j.payload.to as { users: string[] }).users.length)
      .sort((x, y) => x - y);
    expect(sizes).toEqual([5, NOTIFY_CHUNK, NOTIFY_CHUNK + 5]);
  });

  it('fails the job for an unknown kind, and notifies nobody', async () => {
    const someone = await member();
    const e = { ...event({ users: [someone.id] }), kind: 'bogus' } as unknown as NotificationEvent;
    expect(await deliver(e)).toEqual([]);
    const [job] = (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify'))).filter(
      (j) => j.payload.title === e.title,
    );
    expect(job!.error).toBe('Unknown notification kind bogus');
  });
});

describe('notify job: push and live updates', () => {
  it('enqueues a push per notification whose recipient has a device and has not turned the kind off', async () => {
    const [withDevice, noDevice, turnedOff, refused] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await createDevice(t.ctx.db, { clientId: ids.demo, userId: withDevice.id });
    await createDevice(t.ctx.db, { clientId: ids.demo, userId: withDevice.id, platform: 'web' });
    await createDevice(t.ctx.db, { clientId: ids.demo, userId: turnedOff.id });
    await setPushOff(t.ctx.db, {
      clientId: ids.demo,
      userId: turnedOff.id,
      kinds: ['comment', 'new_project'],
    });
    const refusedDevice = await createDevice(t.ctx.db, { clientId: ids.demo, userId: refused.id });
    await t.ctx.db
      .update(devices)
      .set({ notificationsGranted: false })
      .where(eq(devices.id, refusedDevice.id));

    await notify(t.ctx.db, event({ users: [withDevice.id, noDevice.id, turnedOff.id, refused.id] }));
    const before = await t.ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'push'));
    await drainJobs(t);
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [withDevice.id, noDevice.id, turnedOff.id, refused.id]));
    expect(rows).toHaveLength(4);
    const pushJobs = (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push'))).filter(
      (j) => !before.some((b) => b.id === j.id),
    );
    const target = rows.find((r) => r.userId === withDevice.id)!;
    expect(pushJobs.map((j) => j.payload)).toEqual([{ clientId: ids.demo, notificationId: target.id }]);
  });

  it('publishes the recipients on the bus after commit, for the live stream', async () => {
    const [a, b] = [await member(), await member()];
    await deliver(event({ users: [a.id, b.id] }));
    expect(published.at(-1)).toEqual({ client_id: ids.demo, user_ids: sorted([a, b]) });
  });
});
