import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createNotification, createUser } from '../../test/factories.ts';
import { notificationsOfUser, setPushOff as seedPushOff } from '../../test/factories-notifications.ts';
import { markAllRead, markHandled, setPushOff } from './notifications.repository.ts';

/**
 * Tenancy of notifications' writes: every repository function that updates, given the other client's id with
 * the id of a member of the first client, changes nothing of theirs.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const preferencesOf = async (userId: string) =>
  (
    await t.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))
  )[0];

describe("notifications.repository writes with the other client's id", () => {
  it('mark no notification of a member of the first client handled or read', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const owner = { clientId: ids.demo, userId: user.id };
    const notice = await createNotification(t.ctx.db, owner);
    await createNotification(t.ctx.db, owner);
    const before = await notificationsOfUser(t.ctx.db, user.id);
    const forged = { clientId: ids.acme, userId: user.id };
    expect(await markHandled(t.ctx.db, { ...forged, id: notice.id })).toBeUndefined();
    expect(await markAllRead(t.ctx.db, forged)).toBe(0);
    const after = await notificationsOfUser(t.ctx.db, user.id);
    expect(after).toEqual(before);
    expect(after.every((n) => n.readAt === null && n.handledAt === null)).toBe(true);
  });

  it('change no push preference of a member of the first client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await seedPushOff(t.ctx.db, { clientId: ids.demo, userId: user.id, kinds: ['comment'] });
    const before = await preferencesOf(user.id);
    await setPushOff(t.ctx.db, { clientId: ids.acme, userId: user.id, pushOff: ['follow', 'reaction'] });
    expect(await preferencesOf(user.id)).toEqual(before);
    expect(before?.pushOff).toEqual(['comment']);
  });
});
