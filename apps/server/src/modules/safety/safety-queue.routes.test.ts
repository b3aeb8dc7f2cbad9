import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, jobs, moderationItems, participations, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createParticipation, createUser, headersFor, userByEmail } from '../../test/factories.ts';
import { brandContentSetup, createModerationItem } from '../../test/factories-safety.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let lead: string;
let member: string;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [admin, lead, member] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('lead@demo.test'),
    t.login('member@demo.test'),
  ]);
  adminId = (await userByEmail(t.ctx.db, 'admin@demo.test')).id;
});
afterAll(() => t.close());

const QUEUE = '/api/admin/safety/queue';
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: headersFor(token) });
const decide = (id: string, decision: 'approve' | 'remove', token?: string) =>
  t.app.inject({ method: 'POST', url: `${QUEUE}/${id}/${decision}`, headers: headersFor(token) });
const itemRow = async (id: string) =>
  (await t.ctx.db.select().from(moderationItems).where(eq(moderationItems.id, id)))[0]!;
const randomId = () => crypto.randomUUID();

async function createPost(status: string, authorId: string) {
  const [row] = await t.ctx.db
    .insert(posts)
    .values({ clientId: ids.demo, authorId, body: 'Check out rivalco', status })
    .returning();
  return row!;
}

describe('GET /api/admin/safety/queue', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'GET', url: QUEUE });
  });

  it('answers 400 for a bad status, limit or cursor', async () => {
    for (const [query, message] of [
      ['status=hidden', 'status must be pending, approved or removed'],
      ['limit=500', 'limit must be between'],
      ['cursor=1', 'must be a valid id'],
    ]) {
      const res = await get(`${QUEUE}?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('answers 403 to a team lead and a member', async () => {
    for (const token of [lead, member]) expect((await get(QUEUE, token)).statusCode).toBe(403);
  });

  it("lists the client's items of a status, newest first, with author and decision, page by page", async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.demo, firstName: 'Ada', lastName: 'Lovelace' });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    await createModerationItem(t.ctx.db, { clientId: ids.acme, targetId: randomId(), authorId: acmeUser.id });
    const a = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'comment',
      targetId: randomId(),
      authorId: author.id,
      text: 'rivalco is better',
      matches: ['rivalco'],
      isHeld: true,
    });
    const b = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetId: randomId(),
      authorId: null,
    });
    const decided = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'profile',
      targetId: author.id,
      status: 'approved',
      decidedBy: adminId,
      decidedAt: new Date(),
    });

    const page = (await get(`${QUEUE}?limit=100`, admin)).json();
    expect(page.next_cursor).toBeNull();
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    expect(page.items[1]).toEqual({
      id: a.id,
      target_kind: 'comment',
      target_id: a.targetId,
      author: { id: author.id, display_name: 'Ada Lovelace', image_url: null },
      text: 'rivalco is better',
      matches: ['rivalco'],
      is_held: true,
      status: 'pending',
      created_at: expect.any(String),
      decided_by: null,
      decided_at: null,
    });
    expect(page.items[0].author).toBeNull();

    const approved = (await get(`${QUEUE}?status=approved`, admin)).json();
    expect(approved.items).toEqual([
      expect.objectContaining({
        id: decided.id,
        status: 'approved',
        decided_by: expect.objectContaining({ id: adminId }),
        decided_at: expect.any(String),
      }),
    ]);

    const first = (await get(`${QUEUE}?limit=1`, admin)).json();
    expect(first).toEqual({ items: [expect.objectContaining({ id: b.id })], next_cursor: b.id });
    const second = (await get(`${QUEUE}?limit=1&cursor=${b.id}`, admin)).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: a.id })], next_cursor: null });
    const newer = (await get(`${QUEUE}?limit=-10&cursor=${a.id}`, admin)).json();
    expect(newer).toEqual({ items: [expect.objectContaining({ id: b.id })], next_cursor: null });
    const gone = (await get(`${QUEUE}?cursor=${randomId()}`, admin)).json();
    expect(gone.items).toBeInstanceOf(Array);
    expect((await get(`${QUEUE}?status=removed`, admin)).json()).toEqual({ items: [], next_cursor: null });
  });
});

describe('POST /api/admin/safety/queue/:id/approve and /remove', () => {
  it('answer 401 without a valid session of this client', async () => {
    const item = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: randomId() });
    for (const decision of ['approve', 'remove']) {
      await expectSessionRequired(t, { method: 'POST', url: `${QUEUE}/${item.id}/${decision}` });
    }
    expect((await itemRow(item.id)).status).toBe('pending');
  });

  it('answer 400 for a bad id', async () => {
    const res = await decide('nope', 'approve', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('id must be a moderation item id');
  });

  it("answer 403 to a lead and a member, 404 for another client's item; nothing decided", async () => {
    const ours = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: randomId() });
    const theirs = await createModerationItem(t.ctx.db, { clientId: ids.acme, targetId: randomId() });
    for (const token of [lead, member]) {
      expect((await decide(ours.id, 'remove', token)).statusCode).toBe(403);
    }
    const res = await decide(theirs.id, 'approve', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Moderation item not found' });
    expect((await itemRow(ours.id)).status).toBe('pending');
    expect((await itemRow(theirs.id)).status).toBe('pending');
  });

  it('answer 409 when the item was already decided, and change nothing', async () => {
    const item = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: randomId() });
    expect((await decide(item.id, 'approve', admin)).statusCode).toBe(200);
    const again = await decide(item.id, 'remove', admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This item was already decided', code: 'already_decided' });
    expect((await itemRow(item.id)).status).toBe('approved');
  });

  it('approve publishes a held post; remove takes a post down, recording who and when', async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.demo });
    const held = await createPost('held', author.id);
    const shown = await createPost('published', author.id);
    const heldItem = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'post',
      targetId: held.id,
      isHeld: true,
    });
    const shownItem = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'post',
      targetId: shown.id,
    });
    const approved = await decide(heldItem.id, 'approve', admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().item).toMatchObject({
      status: 'approved',
      decided_by: { id: adminId },
      decided_at: expect.any(String),
    });
    const removed = await decide(shownItem.id, 'remove', admin);
    expect(removed.json().item).toMatchObject({ status: 'removed', decided_by: { id: adminId } });
    const [p1] = await t.ctx.db.select().from(posts).where(eq(posts.id, held.id));
    const [p2] = await t.ctx.db.select().from(posts).where(eq(posts.id, shown.id));
    expect(p1).toMatchObject({ status: 'published', removedAt: null });
    expect(p2).toMatchObject({ status: 'removed', removedBy: adminId, removedAt: expect.any(Date) });
  });

  it("moves comments in and out of 'published', keeping the post's comment count", async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.demo });
    const post = await createPost('published', author.id);
    await t.ctx.db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, post.id));
    const [heldComment, shownComment] = await t.ctx.db
      .insert(comments)
      .values([
        { clientId: ids.demo, postId: post.id, authorId: author.id, body: 'rivalco!', status: 'held' },
        { clientId: ids.demo, postId: post.id, authorId: author.id, body: 'rivalco?', status: 'published' },
      ])
      .returning();
    const item = (c: { id: string }) =>
      createModerationItem(t.ctx.db, { clientId: ids.demo, targetKind: 'comment', targetId: c.id });
    await decide((await item(heldComment!)).id, 'approve', admin);
    const count = async () =>
      (await t.ctx.db.select().from(posts).where(eq(posts.id, post.id)))[0]!.commentCount;
    expect(await count()).toBe(2);
    await decide((await item(shownComment!)).id, 'remove', admin);
    expect(await count()).toBe(1);
    const rows = await t.ctx.db.select().from(comments).where(eq(comments.postId, post.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [heldComment!.id]: 'published',
      [shownComment!.id]: 'removed',
    });
  });

  it('remove rejects a Brand Content submission still pending and tells the member; approve leaves it for review', async () => {
    const setup = await brandContentSetup(t.ctx, ids.demo);
    const pending = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: setup.activity.id,
      userId: setup.user.id,
      status: 'pending',
      isComplete: false,
    });
    const other = await brandContentSetup(t.ctx, ids.demo);
    const kept = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: other.activity.id,
      userId: other.user.id,
      status: 'pending',
      isComplete: false,
    });
    const removeItem = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: pending.id });
    const approveItem = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: kept.id });
    expect((await decide(removeItem.id, 'remove', admin)).statusCode).toBe(200);
    expect((await decide(approveItem.id, 'approve', admin)).statusCode).toBe(200);
    const [p1] = await t.ctx.db.select().from(participations).where(eq(participations.id, pending.id));
    const [p2] = await t.ctx.db.select().from(participations).where(eq(participations.id, kept.id));
    expect(p1).toMatchObject({
      status: 'rejected',
      rejectReason: 'Removed by brand safety review',
      reviewedBy: adminId,
    });
    expect(p2).toMatchObject({ status: 'pending', rejectReason: null });
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify'));
    expect(queued.map((j) => j.payload)).toContainEqual(
      expect.objectContaining({
        kind: 'participation_rejected',
        to: { users: [setup.user.id] },
        body: 'Removed by brand safety review',
      }),
    );
  });

  it('remove of a profile text only marks the item removed', async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.demo, city: 'Rivalco City' });
    const item = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'profile',
      targetId: author.id,
      authorId: author.id,
    });
    const res = await decide(item.id, 'remove', admin);
    expect(res.json().item).toMatchObject({ status: 'removed', author: { id: author.id } });
    expect((await userByEmail(t.ctx.db, author.email!)).city).toBe('Rivalco City');
  });
});
