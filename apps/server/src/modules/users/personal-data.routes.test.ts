import { IMAGE_VARIANT_WIDTHS, imageVariantName } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  applicants,
  applications,
  auditLog,
  chatConversations,
  chatMessages,
  comments,
  devices,
  emailTokens,
  mailOutbox,
  posts,
  sessions,
  uploads,
  users,
} from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createNotification, createUpload, createUser, headersFor } from '../../test/factories.ts';
import { createComment, createPost } from '../../test/factories-feed.ts';
import { createDevice, drainJobs, notificationsOfUser } from '../../test/factories-notifications.ts';
import { awardPoints } from '../../test/factories-people.ts';
import { notify } from '../notifications/notify.ts';

/**
 * A member's personal data on request (ADMIN): the export answers every record of theirs as JSON; the erase removes
 * every personal field and personal-only record, keeps their content ("Deleted member") and points totals.
 */

const f = useAdminFixture();
const exportOf = (token: string, id: string, host?: string) =>
  f.t.app.inject({ method: 'GET', url: `/api/admin/users/${id}/export`, headers: headersFor(token, host) });
const erase = (token: string, id: string, payload: object = { confirm: true }, host?: string) =>
  f.send('POST', `/api/admin/users/${id}/erase`, token, payload, host);
const audits = (action: string, target: string) =>
  f.t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

/** A Demo member with a post, a comment, a chat message, points, a device, a session and a mail. */
async function richMember() {
  const { user, token } = await f.newMember();
  const clientId = f.ids.demo;
  const post = await createPost(f.t.ctx.db, { clientId, authorId: user.id, body: 'My first post' });
  await createComment(f.t.ctx.db, { clientId, postId: post.id, authorId: user.id, body: 'And a comment' });
  const [conversation] = await f.t.ctx.db
    .insert(chatConversations)
    .values({
      clientId,
      kind: 'group',
      title: 'Friends',
      createdBy: user.id,
      activityId: crypto.randomUUID(),
    })
    .returning();
  await f.t.ctx.db
    .insert(chatMessages)
    .values({ clientId, conversationId: conversation!.id, authorId: user.id, body: 'Hi chat' });
  await awardPoints(f.t.ctx.db, { clientId, userId: user.id, points: 30 });
  await createDevice(f.t.ctx.db, { clientId, userId: user.id });
  await f.t.ctx.db.insert(mailOutbox).values({ clientId, to: user.email!, subject: 'Hello', text: 'Hi' });
  await f.t.ctx.db
    .update(users)
    .set({ firstName: 'Rosa', lastName: 'Diaz', bio: 'Likes dogs', city: 'Lyon' })
    .where(eq(users.id, user.id));
  return { user, token };
}

/** The storage key of an upload URL (`/api/files/{id}.{ext}`) and whether its row is still there. */
const uploadRow = async (url: string) => {
  const id = /^\/api\/files\/([0-9a-f-]{36})\./.exec(url)![1]!;
  const [row] = await f.t.ctx.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
};

/** An upload of the member of another type (createUpload stores an avatar). */
async function uploadOf(userId: string, type: 'post' | 'submission') {
  const url = await createUpload(f.t.ctx, { clientId: f.ids.demo, userId });
  const row = await uploadRow(url);
  await f.t.ctx.db.update(uploads).set({ type }).where(eq(uploads.id, row!.id));
  return { url, key: row!.key };
}

/**
 * What personal data the member left elsewhere: an avatar (with a width copy) as their picture, an application
 * whose file answer they uploaded, a post image of theirs, their language and last activity, a notification they
 * received, and notifications that name them in other people's inboxes: one delivered, one still queued.
 */
async function tracesOf(user: { id: string; email: string | null }) {
  const clientId = f.ids.demo;
  const db = f.t.ctx.db;
  const avatarUrl = await createUpload(f.t.ctx, { clientId, userId: user.id });
  const avatarKey = (await uploadRow(avatarUrl))!.key;
  const avatarCopy = imageVariantName(avatarKey, IMAGE_VARIANT_WIDTHS[0]);
  await f.t.ctx.storage.put(avatarCopy, Buffer.from('copy'));
  const applicationFile = await uploadOf(user.id, 'submission');
  const postImage = await uploadOf(user.id, 'post');
  const [form] = await db.insert(applications).values({ clientId, title: 'Intake' }).returning();
  await db.insert(applicants).values({
    clientId,
    applicationId: form!.id,
    userId: user.id,
    status: 'approved',
    answers: { cv: applicationFile.url, why: 'I love it' },
  });
  await db
    .update(users)
    .set({ imageUrl: avatarUrl, locale: 'es', lastActiveAt: new Date(), username: 'rosad' })
    .where(eq(users.id, user.id));
  const other = await createUser(db, { clientId });
  await createNotification(db, {
    clientId,
    userId: other.id,
    actorId: user.id,
    kind: 'comment',
    title: 'Rosa Diaz commented on your post',
    body: `Rosa Diaz here: write to rosad or me at ${user.email}`,
  });
  await notify(db, {
    clientId,
    kind: 'follow',
    to: { users: [other.id] },
    actorId: user.id,
    title: 'Rosa Diaz started following you',
    link: `/people/${user.id}`,
  });
  // Someone else's notification that only mentions a "Rosa" in passing is not theirs to rewrite.
  await createNotification(db, { clientId, userId: other.id, title: 'Rosalind reacted to your post' });
  await createNotification(db, { clientId, userId: user.id, title: 'Sam commented on your post' });
  return { other, avatarUrl, avatarKey, avatarCopy, applicationFile, postImage };
}

const pointsOf = async (userId: string) => {
  const [row] = await selectRows<{ ledger: number; board: number }>(
    f.t.ctx.db,
    sql`select (select coalesce(sum(points), 0)::int from points_ledger where user_id = ${userId}) as ledger,
               (select coalesce(sum(points), 0)::int from leaderboard_points
                 where user_id = ${userId} and period = 'all') as board`,
  );
  return row!;
};

describe('GET /api/admin/users/{id}/export', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { user } = await f.newMember();
    await expectSessionRequired(f.t, { method: 'GET', url: `/api/admin/users/${user.id}/export` });
  });

  it('answers 400 for a malformed id, 403 to a member and a lead, 404 for another client', async () => {
    const { user } = await f.newMember();
    expect((await exportOf(f.tokens.admin, 'x')).statusCode).toBe(400);
    await f.expectForbidden(
      ['member', 'lead'],
      'You are not allowed to export or erase personal data',
      'GET',
      `/api/admin/users/${user.id}/export`,
    );
    expect((await exportOf(f.tokens.acmeAdmin, user.id, ACME_HOST)).statusCode).toBe(404);
    expect(await audits('user.export', user.id)).toEqual([]);
  });

  it('answers every personal record of the member as a JSON download, without secrets, and audits it', async () => {
    const { user } = await richMember();
    const res = await exportOf(f.tokens.admin, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="personal-data-${user.id}.json"`);
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Rosa',
      bio: 'Likes dogs',
    });
    expect(data.profile.password_hash).toBeUndefined();
    expect(data.posts.map((p: { body: string }) => p.body)).toEqual(['My first post']);
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual(['And a comment']);
    expect(data.chat_messages.map((m: { body: string }) => m.body)).toEqual(['Hi chat']);
    expect(data.points_ledger.map((l: { points: number }) => l.points)).toEqual([30]);
    expect(data.devices).toHaveLength(1);
    expect(data.devices[0].fcm_token).toBeUndefined();
    expect(await audits('user.export', user.id)).toHaveLength(1);
  });
});

describe('POST /api/admin/users/{id}/erase', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { user } = await f.newMember();
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: `/api/admin/users/${user.id}/erase`,
      payload: { confirm: true },
    });
  });

  it('answers 400 without the confirmation, 403 by role and for oneself, 404 for another client; nothing changes', async () => {
    const { user } = await f.newMember();
    for (const payload of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await erase(f.tokens.admin, user.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/confirm/);
    }
    await f.expectForbidden(
      ['member', 'lead'],
      'You are not allowed to export or erase personal data',
      'POST',
      `/api/admin/users/${user.id}/erase`,
      { confirm: true },
    );
    const [admin] = await f.t.ctx.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    expect((await erase(f.tokens.admin, admin!.id)).statusCode).toBe(403);
    expect((await erase(f.tokens.acmeAdmin, user.id, { confirm: true }, ACME_HOST)).statusCode).toBe(404);
    const [still] = await f.t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.email).toBe(user.email);
  });

  it('leaves no personal field, keeps their content as "Deleted member" and their points totals', async () => {
    const { user, token } = await richMember();
    const traces = await tracesOf(user);
    const before = await pointsOf(user.id);
    const res = await erase(f.tokens.admin, user.id);
    expect(res.statusCode).toBe(200);

    const [row] = await f.t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: null,
      passwordHash: null,
      username: null,
      firstName: 'Deleted',
      lastName: 'member',
      imageUrl: null,
      city: null,
      state: null,
      country: null,
      bio: null,
      locale: null,
      lastActiveAt: null,
      emailVerifiedAt: null,
      onboardedAt: null,
      contractId: null,
      contractAgreedAt: null,
      teamTags: [],
      isActive: false,
    });
    for (const table of [sessions, devices, emailTokens] as const) {
      expect(await f.t.ctx.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
    expect(await f.t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email!))).toEqual([]);
    const applied = await f.t.ctx.db.select().from(applicants).where(eq(applicants.userId, user.id));
    expect(applied.map((a) => [a.answers, a.reviewNote])).toEqual([[{}, null]]);
    const everything = JSON.stringify(
      await selectRows(f.t.ctx.db, sql`select to_jsonb(a) as r from audit_log a where a.target = ${user.id}`),
    );
    expect(everything).not.toContain(user.email!);

    expect(await f.t.ctx.db.select().from(posts).where(eq(posts.authorId, user.id))).toHaveLength(1);
    expect(await f.t.ctx.db.select().from(comments).where(eq(comments.authorId, user.id))).toHaveLength(1);
    expect(
      await f.t.ctx.db.select().from(chatMessages).where(eq(chatMessages.authorId, user.id)),
    ).toHaveLength(1);
    expect(await pointsOf(user.id)).toEqual(before);
    expect(before.ledger).toBe(30);

    const me = await f.t.app.inject({ method: 'GET', url: '/api/me', headers: headersFor(token) });
    expect(me.statusCode).toBe(401);
    expect(await audits('user.erase', user.id)).toHaveLength(1);

    // Other people's notifications they caused, delivered before or queued at the erase, no longer name them.
    const queued = await selectRows<{ title: string }>(
      f.t.ctx.db,
      sql`select payload->>'title' as title from jobs where kind = 'notify' and payload->>'actorId' = ${user.id}`,
    );
    expect(queued).toEqual([{ title: 'A former member started following you' }]);
    await drainJobs(f.t);
    const theirs = await notificationsOfUser(f.t.ctx.db, traces.other.id);
    // The queued follow notice is either delivered before the erase and scrubbed by it, or, run after it, not
    // delivered at all (its actor is erased): which one depends on when a job runner took it.
    const follows = theirs.filter((n) => n.kind === 'follow').map((n) => n.title);
    expect(follows).toEqual(follows.length === 0 ? [] : ['A former member started following you']);
    expect(
      theirs
        .filter((n) => n.kind !== 'follow')
        .map((n) => [n.title, n.body])
        .sort(),
    ).toEqual([
      [
        'A former member commented on your post',
        `A former member here: write to A former member or me at A former member`,
      ],
      ['Rosalind reacted to your post', null],
    ]);
    expect(JSON.stringify(theirs)).not.toMatch(/Rosa |Diaz|rosad/);
    expect(await notificationsOfUser(f.t.ctx.db, user.id)).toEqual([]);
    const list = await f.send('GET', '/api/notifications', await f.t.login(traces.other.email!), undefined);
    const shown = list.json().notifications.find((n: { kind: string }) => n.kind === 'comment');
    expect(shown.actor).toMatchObject({ id: user.id, display_name: 'Deleted member', image_url: null });

    // Their avatar (with its width copy) and their application file are gone from storage and from the uploads;
    // the image of their post, content that stays, is kept.
    for (const key of [traces.avatarKey, traces.avatarCopy, traces.applicationFile.key]) {
      expect(await f.t.ctx.storage.get(key), key).toBeNull();
    }
    expect(await uploadRow(traces.avatarUrl)).toBeUndefined();
    expect(await uploadRow(traces.applicationFile.url)).toBeUndefined();
    const avatar = await f.send('GET', traces.avatarUrl, f.tokens.admin);
    expect(avatar.statusCode).toBe(404);
    expect(await f.t.ctx.storage.get(traces.postImage.key)).not.toBeNull();
    expect(await uploadRow(traces.postImage.url)).toBeDefined();
  });

  it('still erases when storage cannot delete a file, and deletes the others', async () => {
    const { user } = await richMember();
    const traces = await tracesOf(user);
    const storage = f.t.ctx.storage;
    const remove = storage.remove;
    storage.remove = async (key) => {
      if (key === traces.avatarKey) throw new Error('storage is down');
      return remove.call(storage, key);
    };
    try {
      expect((await erase(f.tokens.admin, user.id)).statusCode).toBe(200);
    } finally {
      storage.remove = remove;
    }
    const [row] = await f.t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: null, imageUrl: null, isActive: false });
    expect(await uploadRow(traces.avatarUrl)).toBeUndefined();
    expect(await storage.get(traces.avatarCopy)).toBeNull();
    expect(await storage.get(traces.applicationFile.key)).toBeNull();
  });
});
