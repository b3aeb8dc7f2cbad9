import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createNotification,
  createNotifications,
  createUser,
  headersFor,
  userByEmail,
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

/** A fresh member with `n` notifications (oldest first), so each test owns its list. */
async function memberWithNotifications(n: number) {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  const rows = await createNotifications(t.ctx.db, n, { clientId: ids.demo, userId: user.id });
  return { user, rows, token: await t.login(user.email!) };
}
const list = (token: string, query = '') =>
  t.app.inject({ url: `/api/notifications${query}`, headers: headersFor(token) });
const idsOf = (res: { json(): { notifications: { id: string }[] } }) =>
  res.json().notifications.map((n) => n.id);
const newestFirst = <T>(rows: T[]) => [...rows].reverse();
const rowsOf = (userId: string) =>
  t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('GET /api/notifications', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/notifications' });
  });

  it('answers 400 naming limit or cursor when they are bad', async () => {
    const { token } = await memberWithNotifications(1);
    const cases: [string, RegExp][] = [
      ['?limit=0', /limit cannot be 0/],
      ['?limit=1000', /limit must be between -100 and 100/],
      ['?limit=-1000', /limit must be between -100 and 100/],
      ['?limit=abc', /limit must be a number/],
      ['?limit=2.5', /limit must be a whole number/],
      ['?cursor=abc', /cursor/],
      ['?cursor=1', /cursor/],
    ];
    for (const [query, message] of cases) {
      const res = await list(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await memberWithNotifications(1);
    await expectBlockedWhilePaused(t, { url: '/api/notifications' }, { member: token, admin: adminToken });
  });

  it('answers an empty list for a member without notifications', async () => {
    const { token } = await memberWithNotifications(0);
    const res = await list(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: [], unread: 0, next_cursor: null });
  });

  it('answers exactly one page without a next cursor, newest first, with the unread count', async () => {
    const { token, rows, user } = await memberWithNotifications(10);
    await t.ctx.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, rows[0]!.id));
    const res = await list(token);
    expect(res.json().next_cursor).toBeNull();
    expect(idsOf(res)).toEqual(newestFirst(rows).map((r) => r.id));
    expect(res.json().unread).toBe(9);
    expect(res.json().notifications[0]).toEqual({
      id: rows[9]!.id,
      kind: 'test',
      title: 'Notice 9',
      body: null,
      message: null,
      link: '/projects',
      actor: null,
      read_at: null,
      handled_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Another member's notifications never show.
    expect((await rowsOf(user.id)).length).toBe(10);
    const seeded = await list(await t.login('member@demo.test'));
    expect(idsOf(seeded).some((id) => rows.some((r) => r.id === id))).toBe(false);
  });

  it("shows a notification's message (keys and values for the reader's language) beside its English text", async () => {
    const { token, user } = await memberWithNotifications(0);
    const message = {
      key: 'participation_approved',
      body_key: 'points_earned',
      params: { activity: 'Unbox', points: '5' },
    };
    await createNotification(t.ctx.db, {
      clientId: ids.demo,
      userId: user.id,
      kind: 'participation_approved',
      title: 'Your submission to “Unbox” was approved',
      body: 'You earned 5 points.',
      message,
    });
    const [shown] = (await list(token)).json().notifications;
    expect(shown).toMatchObject({
      title: 'Your submission to “Unbox” was approved',
      body: 'You earned 5 points.',
      message,
    });
  });

  it('pages to older items with limit and cursor, and back to newer ones with a negative limit', async () => {
    const { token, rows } = await memberWithNotifications(25);
    const ordered = newestFirst(rows).map((r) => r.id);
    const first = await list(token);
    expect(idsOf(first)).toEqual(ordered.slice(0, 10));
    expect(first.json().next_cursor).toBe(ordered[9]);
    expect(first.json().unread).toBe(25);

    const second = await list(token, `?cursor=${first.json().next_cursor}`);
    expect(idsOf(second)).toEqual(ordered.slice(10, 20));
    const third = await list(token, `?limit=10&cursor=${second.json().next_cursor}`);
    expect(idsOf(third)).toEqual(ordered.slice(20));
    expect(third.json().next_cursor).toBeNull();

    const small = await list(token, '?limit=3');
    expect(idsOf(small)).toEqual(ordered.slice(0, 3));
    expect(small.json().next_cursor).toBe(ordered[2]);

    // Newer than the 15th item: the 5 items before it, still newest first.
    const newer = await list(token, `?limit=-5&cursor=${ordered[14]}`);
    expect(newer.statusCode).toBe(200);
    expect(idsOf(newer)).toEqual(ordered.slice(9, 14));
    const newest = await list(token, `?limit=-10&cursor=${ordered[2]}`);
    expect(idsOf(newest)).toEqual(ordered.slice(0, 2));
    // A cursor past the end gives an empty page.
    expect(idsOf(await list(token, `?cursor=${ordered[24]}`))).toEqual([]);
  });
});

describe('PATCH /api/notifications/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'PATCH', url: `/api/notifications/${randomUUID()}` });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const { token } = await memberWithNotifications(0);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/42',
      headers: headersFor(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a notification id/);
  });

  it('answers 403 client_paused to a member of a paused client, and leaves it unhandled', async () => {
    const { token, rows } = await memberWithNotifications(1);
    await expectBlockedWhilePaused(
      t,
      { method: 'PATCH', url: `/api/notifications/${rows[0]!.id}` },
      { member: token, admin: adminToken },
    );
    expect((await rowsOf(rows[0]!.userId))[0]!.handledAt).toBeNull();
  });

  it("answers 404 for another member's or another client's notification, and changes neither", async () => {
    const { token } = await memberWithNotifications(0);
    const acmeMember = await userByEmail(t.ctx.db, 'member@acme.test');
    const demoMember = await userByEmail(t.ctx.db, 'member@demo.test');
    const foreign = await createNotification(t.ctx.db, { clientId: ids.acme, userId: acmeMember.id });
    const others = await createNotification(t.ctx.db, { clientId: ids.demo, userId: demoMember.id });
    for (const id of [foreign.id, others.id, randomUUID()]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/notifications/${id}`,
        headers: headersFor(token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Notification not found' });
    }
    const after = await t.ctx.db.select().from(notifications).where(eq(notifications.id, foreign.id));
    expect(after[0]!.handledAt).toBeNull();
    expect(
      (await t.ctx.db.select().from(notifications).where(eq(notifications.id, others.id)))[0]!.handledAt,
    ).toBeNull();
  });

  it('marks the notification handled and read, and lowers the unread count', async () => {
    const { token, rows } = await memberWithNotifications(3);
    const target = rows[1]!;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${target.id}`,
      headers: headersFor(token),
    });
    expect(res.statusCode).toBe(200);
    const { notification } = res.json();
    expect(notification.id).toBe(target.id);
    expect(notification.handled_at).not.toBeNull();
    expect(notification.read_at).not.toBeNull();
    const stored = (await rowsOf(target.userId)).find((r) => r.id === target.id)!;
    expect(stored.handledAt).toBeInstanceOf(Date);
    const after = await list(token);
    expect(after.json().unread).toBe(2);
    expect(
      after.json().notifications.filter((n: { handled_at: string | null }) => n.handled_at),
    ).toHaveLength(1);
  });
});

describe('POST /api/notifications/read-all', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: '/api/notifications/read-all' });
  });

  it('answers 403 client_paused to a member of a paused client, and reads nothing', async () => {
    const { token, user } = await memberWithNotifications(2);
    await expectBlockedWhilePaused(
      t,
      { method: 'POST', url: '/api/notifications/read-all' },
      { member: token, admin: adminToken },
    );
    expect((await rowsOf(user.id)).every((r) => r.readAt === null)).toBe(true);
  });

  it('marks every notification of the member read, without handling them or touching others', async () => {
    const { token, user } = await memberWithNotifications(4);
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    await createNotifications(t.ctx.db, 2, { clientId: ids.demo, userId: other.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: headersFor(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mine = await rowsOf(user.id);
    expect(mine.every((r) => r.readAt !== null && r.handledAt === null)).toBe(true);
    expect((await list(token)).json().unread).toBe(0);
    expect((await rowsOf(other.id)).every((r) => r.readAt === null)).toBe(true);
  });
});
