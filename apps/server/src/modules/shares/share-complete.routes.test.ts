import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations, shares } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createShare,
  createUser,
  headersFor,
  ledgerOf,
} from '../../test/factories.ts';
import {
  type ActivityInput,
  inDays,
  joinedPost as joinedPostOf,
  newMember,
  postConfig,
} from './shares.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const member = () => newMember(t, ids.demo);
/** A fresh member who joined a fresh open project with one social post (all Demo channels unless given). */
const joinedPost = (
  ...args: Parameters<typeof joinedPostOf> extends [unknown, unknown, ...infer R] ? R : never
) => joinedPostOf(t, ids.demo, ...args);

const complete = (shareId: string, token: string, payload: object = {}, host?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shares/${shareId}/complete`,
    headers: headersFor(token, host),
    payload,
  });
const participationsOf = (activityId: string, userId: string) =>
  t.ctx.db
    .select()
    .from(participations)
    .where(and(eq(participations.activityId, activityId), eq(participations.userId, userId)));
const shareRow = async (id: string) => (await t.ctx.db.select().from(shares).where(eq(shares.id, id)))[0]!;

describe('POST /api/shares/{id}/complete', () => {
  /** A fresh member's share of a fresh post they joined. */
  async function memberShare(input: ActivityInput = {}) {
    const post = await joinedPost(input);
    const share = await createShare(t.ctx.db, {
      clientId: ids.demo,
      userId: post.user.id,
      activityId: post.activity.id,
      channel: 'linkedin',
    });
    return { ...post, share };
  }
  /** Nothing recorded for the share: not marked posted, no participation, no points. */
  async function expectNothingRecorded(s: Awaited<ReturnType<typeof memberShare>>) {
    expect(await shareRow(s.share.id)).toMatchObject({ sharedAt: null, postUrl: null });
    expect(await participationsOf(s.activity.id, s.user.id)).toEqual([]);
    expect(await ledgerOf(t.ctx.db, s.user.id)).toEqual([]);
  }

  it('answers 401 without a valid session of this client', async () => {
    const s = await memberShare();
    await expectSessionRequired(t, {
      method: 'POST',
      url: `/api/shares/${s.share.id}/complete`,
      payload: {},
    });
    await expectNothingRecorded(s);
  });

  it('answers 400 for a bad id or post_url, recording nothing', async () => {
    const s = await memberShare();
    const bad = await complete('nope', s.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'id must be a share id', code: 'invalid_input' });
    for (const postUrl of [
      'ftp://example.com/post',
      'not a url',
      'javascript:alert(1)',
      'https://nodot',
      42,
    ]) {
      const res = await complete(s.share.id, s.token, { post_url: postUrl });
      expect(res.statusCode, String(postUrl)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      if (typeof postUrl === 'string')
        expect(res.json().message).toBe('Post URL must be a web address starting with http:// or https://');
    }
    const long = await complete(s.share.id, s.token, { post_url: `https://example.com/${'a'.repeat(2048)}` });
    expect(long.statusCode).toBe(400);
    await expectNothingRecorded(s);
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const s = await memberShare();
    await expectBlockedWhilePaused(
      t,
      { method: 'POST', url: `/api/shares/${s.share.id}/complete`, payload: {} },
      { member: s.token, admin: adminToken },
    );
    await expectNothingRecorded(s);
  });

  it('answers 409 once the member left the project or the post is past due, recording nothing', async () => {
    const left = await memberShare();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/projects/${left.project.id}/leave`,
          headers: headersFor(left.token),
        })
      ).statusCode,
    ).toBe(200);
    const res = await complete(left.share.id, left.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Join the Project first', code: 'cannot_participate' });
    await expectNothingRecorded(left);

    const late = await memberShare({ dueAt: inDays(-1) });
    const lateRes = await complete(late.share.id, late.token, { post_url: 'https://linkedin.com/p/1' });
    expect(lateRes.statusCode).toBe(409);
    expect(lateRes.json()).toEqual({
      message: 'This activity is closed: its due date has passed',
      code: 'cannot_participate',
    });
    await expectNothingRecorded(late);
  });

  it("answers 404 for another member's share, another client's share and an unknown id", async () => {
    const s = await memberShare();
    const { token: otherToken } = await member();
    const res = await complete(s.share.id, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Share not found' });

    const acmeToken = await t.login('member@acme.test');
    const acmeMember = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const acmePost = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: acmeProject.id,
      ...postConfig(),
    });
    const acmeShare = await createShare(t.ctx.db, {
      clientId: ids.acme,
      userId: acmeMember.id,
      activityId: acmePost.id,
    });
    expect((await complete(acmeShare.id, s.token)).statusCode).toBe(404);
    // Not even its owner can complete it on the wrong host.
    const ownerToken = await t.login(acmeMember.email!, ACME_HOST);
    expect((await complete(acmeShare.id, ownerToken)).statusCode).toBe(401);
    expect((await complete(acmeShare.id, acmeToken, {}, ACME_HOST)).statusCode).toBe(404);
    expect((await complete('0190a0a0-0000-7000-8000-000000000000', s.token)).statusCode).toBe(404);
    await expectNothingRecorded(s);
    expect(await shareRow(acmeShare.id)).toMatchObject({ sharedAt: null });
  });

  it('records the participation and awards the points exactly once', async () => {
    const s = await memberShare({ points: 25 });
    const res = await complete(s.share.id, s.token, {
      post_url: ' https://www.linkedin.com/feed/update/123 ',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await participationsOf(s.activity.id, s.user.id);
    expect(res.json()).toEqual({
      points_awarded: 25,
      score: null,
      activity: expect.objectContaining({
        id: s.activity.id,
        status: 'completed',
        participation: expect.objectContaining({ id: row!.id, status: 'completed' }),
      }),
    });
    expect(row).toMatchObject({
      clientId: ids.demo,
      status: 'completed',
      isComplete: true,
      data: {
        share_id: s.share.id,
        channel: 'linkedin',
        post_url: 'https://www.linkedin.com/feed/update/123',
      },
    });
    const shared = await shareRow(s.share.id);
    expect(shared.postUrl).toBe('https://www.linkedin.com/feed/update/123');
    expect(shared.sharedAt).toBeInstanceOf(Date);
    expect(await ledgerOf(t.ctx.db, s.user.id)).toEqual([
      expect.objectContaining({ clientId: ids.demo, points: 25, source: `participation:${row!.id}` }),
    ]);

    const again = await complete(s.share.id, s.token, {
      post_url: 'https://www.linkedin.com/feed/update/999',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already completed this activity',
      code: 'already_participated',
    });
    // The same post on another network is marked posted (it leaves "pending" in My Posts) but earns nothing more.
    const second = await createShare(t.ctx.db, {
      clientId: ids.demo,
      userId: s.user.id,
      activityId: s.activity.id,
      channel: 'twitter',
    });
    const secondRes = await complete(second.id, s.token, { post_url: 'https://x.com/dana/status/1' });
    expect(secondRes.statusCode).toBe(200);
    expect(secondRes.json()).toMatchObject({ points_awarded: 0, activity: { status: 'completed' } });
    expect(await ledgerOf(t.ctx.db, s.user.id)).toHaveLength(1);
    expect(await participationsOf(s.activity.id, s.user.id)).toEqual([row]);
    expect((await shareRow(s.share.id)).postUrl).toBe('https://www.linkedin.com/feed/update/123');
    expect(await shareRow(second.id)).toMatchObject({
      sharedAt: expect.any(Date),
      postUrl: 'https://x.com/dana/status/1',
    });
    // Confirmed once, it stays as it is.
    expect((await complete(second.id, s.token)).statusCode).toBe(409);
    expect((await shareRow(second.id)).postUrl).toBe('https://x.com/dana/status/1');
  });

  it('stores no post URL when none or an empty one is given', async () => {
    for (const payload of [{}, { post_url: '' }, { post_url: '   ' }]) {
      const s = await memberShare();
      const res = await complete(s.share.id, s.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(await shareRow(s.share.id)).toMatchObject({ postUrl: null, sharedAt: expect.any(Date) });
      expect((await participationsOf(s.activity.id, s.user.id))[0]!.data).toMatchObject({ post_url: null });
    }
  });

  it('awards the points once when the member completes several times at the same moment', async () => {
    // Several rounds: on PostgreSQL the first burst may still be served one by one while the pool connects.
    for (let round = 0; round < 4; round++) {
      const s = await memberShare({ points: 30 });
      const results = await Promise.all(Array.from({ length: 5 }, () => complete(s.share.id, s.token)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await participationsOf(s.activity.id, s.user.id)).toHaveLength(1);
      expect((await ledgerOf(t.ctx.db, s.user.id)).map((r) => r.points)).toEqual([30]);
    }
  });
});
