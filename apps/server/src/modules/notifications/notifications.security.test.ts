import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { resolveRecipients } from '../../jobs/notify.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createNotification,
  createProject,
  createTeam,
  createUser,
  headersFor,
  joinProject,
} from '../../test/factories.ts';
import { drainJobs, notificationsOfUser } from '../../test/factories-notifications.ts';
import { createNotificationStreams, publishNotified } from './live.ts';
import { notify } from './notify.ts';

/**
 * Security of notifications: a notification belongs to one user of one client; nobody else reads or changes it;
 * fan-out and the live stream never reach another client's people, whatever ids an event carries.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const rowOf = async (id: string) =>
  (await t.ctx.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;
const as = async (clientId: string) => {
  const user = await createUser(t.ctx.db, { clientId });
  return { user, token: await t.login(user.email!, clientId === ids.acme ? '127.0.0.1' : 'localhost') };
};
const send = (token: string, method: 'GET' | 'PATCH' | 'POST', url: string, host?: string) =>
  t.app.inject({ method, url, headers: headersFor(token, host) });

describe("someone else's notifications", () => {
  it('are never listed, marked handled or marked read by another member of the same client', async () => {
    const me = await as(ids.demo);
    const other = await as(ids.demo);
    const theirs = await createNotification(t.ctx.db, {
      clientId: ids.demo,
      userId: other.user.id,
      title: 'Private',
    });
    const list = await send(me.token, 'GET', '/api/notifications?limit=100');
    expect(list.body).not.toContain(theirs.id);
    const patch = await send(me.token, 'PATCH', `/api/notifications/${theirs.id}`);
    expect(patch.statusCode).toBe(404);
    expect(patch.body).not.toContain('Private');
    expect((await send(me.token, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    const row = await rowOf(theirs.id);
    expect(row.readAt).toBeNull();
    expect(row.handledAt).toBeNull();
  });

  it('of another client are 404 (even for an admin) and stay unread', async () => {
    const acme = await as(ids.acme);
    const theirs = await createNotification(t.ctx.db, { clientId: ids.acme, userId: acme.user.id });
    const admin = await t.login('admin@demo.test');
    expect((await send(admin, 'PATCH', `/api/notifications/${theirs.id}`)).statusCode).toBe(404);
    expect((await rowOf(theirs.id)).readAt).toBeNull();
  });

  it('answers 400 for a malformed id or limit', async () => {
    const me = await as(ids.demo);
    expect((await send(me.token, 'PATCH', '/api/notifications/zz')).statusCode).toBe(400);
    expect((await send(me.token, 'GET', '/api/notifications?limit=1000')).statusCode).toBe(400);
    expect((await send(me.token, 'GET', '/api/notifications?cursor=1%27')).statusCode).toBe(400);
  });
});

describe('fan-out never crosses clients', () => {
  it("drops another client's user ids, team and project from an event's audience", async () => {
    const mine = await createUser(t.ctx.db, { clientId: ids.demo });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme }, [acmeUser.id]);
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: acmeProject.id, userId: acmeUser.id });
    const base = { clientId: ids.demo, kind: 'follow' as const, title: 'Hello', link: '/' };
    expect(await resolveRecipients(t.ctx.db, { ...base, to: { users: [mine.id, acmeUser.id] } })).toEqual([
      mine.id,
    ]);
    expect(await resolveRecipients(t.ctx.db, { ...base, to: { team: acmeTeam.id } })).toEqual([]);
    expect(await resolveRecipients(t.ctx.db, { ...base, to: { project: acmeProject.id } })).toEqual([]);
    expect(await resolveRecipients(t.ctx.db, { ...base, to: { projectAudience: acmeProject.id } })).toEqual(
      [],
    );

    await notify(t.ctx.db, { ...base, to: { users: [mine.id, acmeUser.id] } });
    await notify(t.ctx.db, { ...base, to: { team: acmeTeam.id } });
    await drainJobs(t);
    expect(await notificationsOfUser(t.ctx.db, acmeUser.id)).toEqual([]);
    expect(await notificationsOfUser(t.ctx.db, mine.id)).toHaveLength(1);
  });

  it('a live event for a user id of one client never wakes the same id under another client', async () => {
    const streams = createNotificationStreams(t.ctx.bus);
    const woken: string[] = [];
    const stopA = streams.listen(ids.demo, 'same-user', () => woken.push('demo'));
    const stopB = streams.listen(ids.acme, 'same-user', () => woken.push('acme'));
    try {
      await publishNotified(t.ctx.bus, ids.acme, ['same-user']);
      // Both listeners would be called from the same bus message: once Acme's has run, Demo's has had its chance.
      while (woken.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(woken).toEqual(['acme']);
    } finally {
      stopA();
      stopB();
    }
  });
});
