import type { MetricsResponse, MetricsSummary } from '@rally/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTime, shareClicks } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  createActivity,
  createParticipation,
  createProject,
  createShare,
  createTeam,
  headersFor,
  joinProject,
} from '../../test/factories.ts';
import { addPoints, createBoardClient, createBoardMember, isoDay } from '../../test/factories-leaderboard.ts';
import { weekStartOf } from './metrics.periods.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);
const get = (url: string, token: string, host = DEMO_HOST) =>
  t.app.inject({ url, headers: headersFor(token, host) });

describe('GET /api/metrics', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/metrics' });
    await expectSessionRequired(t, { url: '/api/metrics/summary' });
  });

  it('answers 400 naming the period when it is not one of the list', async () => {
    const token = await t.login('member@demo.test');
    for (const period of ['14d', 'week', '']) {
      const res = await get(`/api/metrics?period=${period}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('period');
    }
  });

  it('answers 403 to an applicant, and to a guest without an email unless the client is open', async () => {
    const applicant = await t.login('applicant@demo.test');
    expect((await get('/api/metrics', applicant)).statusCode).toBe(403);
    expect((await get('/api/metrics/summary', applicant)).statusCode).toBe(403);

    const closed = await createBoardClient(t.ctx.db, []);
    const guest = await createBoardMember(t, closed);
    await t.ctx.db.execute(sql`update users set email = null, is_ghost = true where id = ${guest.user.id}`);
    await t.ctx.sessions.invalidateUser(guest.user.id);
    const refused = await get('/api/metrics', guest.token, closed.host);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Performance needs an account with an email');
    // Home's figures are still theirs.
    expect((await get('/api/metrics/summary', guest.token, closed.host)).statusCode).toBe(200);
  });

  it("answers the member's own series and totals beside the team average and the client median", async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board, { firstName: 'Me' });
    const mate = await createBoardMember(t, board, { firstName: 'Mate' });
    const other = await createBoardMember(t, board, { firstName: 'Other' });
    await createBoardMember(t, board, { firstName: 'Idle' });
    await createTeam(t.ctx.db, { clientId: board.clientId }, [me.user.id, mate.user.id]);
    const project = await createProject(t.ctx.db, { clientId: board.clientId });
    const post = await createActivity(t.ctx.db, {
      clientId: board.clientId,
      projectId: project.id,
      type: 'social_post',
    });
    const training = await createActivity(t.ctx.db, {
      clientId: board.clientId,
      projectId: project.id,
      type: 'training',
    });
    const db = t.ctx.db;
    const c = board.clientId;
    await addPoints(db, { clientId: c, userId: me.user.id, points: 30, createdAt: daysAgo(2) });
    await addPoints(db, { clientId: c, userId: me.user.id, points: 10, createdAt: daysAgo(0) });
    await addPoints(db, { clientId: c, userId: me.user.id, points: 500, createdAt: daysAgo(40) });
    await addPoints(db, { clientId: c, userId: mate.user.id, points: 20, createdAt: daysAgo(1) });
    await addPoints(db, { clientId: c, userId: other.user.id, points: 100, createdAt: daysAgo(1) });
    const share = await createShare(db, {
      clientId: c,
      userId: me.user.id,
      activityId: post.id,
      channel: 'linkedin',
      sharedAt: daysAgo(1),
    });
    await createShare(db, { clientId: c, userId: me.user.id, activityId: post.id, channel: 'twitter' });
    await db.insert(shareClicks).values([
      { clientId: c, shareId: share.id, visitorHash: 'a', createdAt: daysAgo(1) },
      { clientId: c, shareId: share.id, visitorHash: 'b', createdAt: daysAgo(0) },
    ]);
    await createParticipation(db, { clientId: c, activityId: training.id, userId: me.user.id });
    await db.insert(activeTime).values({
      clientId: c,
      userId: me.user.id,
      day: isoDay(daysAgo(3)),
      seconds: 600,
      lastPingAt: daysAgo(3),
    });

    const res = await get('/api/metrics?period=7d', me.token, board.host);
    expect(res.statusCode).toBe(200);
    const body: MetricsResponse = res.json();
    expect(body).toMatchObject({
      period: '7d',
      from: isoDay(daysAgo(6)),
      to: isoDay(daysAgo(0)),
      bucket: 'day',
    });
    expect(body.series).toHaveLength(7);
    expect(body.series.map((p) => p.points)).toEqual([0, 0, 0, 0, 30, 0, 10]);
    expect(body.series.map((p) => p.clicks)).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect(body.series.map((p) => p.shares)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(body.series[3]!.active_seconds).toBe(600);
    // Team: me and mate (40 + 20) / 2; client median of 4 members: 0, 20, 40, 100 → 30.
    expect(body.totals.points).toEqual({ value: 40, team_average: 30, client_median: 30 });
    expect(body.totals.shares).toEqual({ value: 1, team_average: 0.5, client_median: 0 });
    expect(body.totals.clicks.value).toBe(2);
    expect(body.totals.participations.value).toBe(1);
    expect(body.totals.active_seconds.value).toBe(600);
    expect(body.shares_by_network[0]).toMatchObject({ key: 'linkedin', value: 1 });
    expect(body.shares_by_network.find((s) => s.key === 'twitter')?.value).toBe(0);
    expect(body.participations_by_type.find((p) => p.key === 'training')?.value).toBe(1);
    expect(body.participations_by_type.map((p) => p.key)).toContain('content_submission');
    const thisWeek = body.rank_history.at(-1)!;
    expect(thisWeek.week_start).toBe(weekStartOf(isoDay(new Date())));
    expect(body.rank_history.every((w) => w.rank === null || w.rank >= 1)).toBe(true);

    const all: MetricsResponse = (await get('/api/metrics?period=all', me.token, board.host)).json();
    expect(all.bucket).toBe('month');
    expect(all.totals.points.value).toBe(540);
    expect(all.from).toBe(isoDay(daysAgo(40)));

    // A member without a team has no team average.
    const alone: MetricsResponse = (await get('/api/metrics', other.token, board.host)).json();
    expect(alone.totals.points).toMatchObject({ value: 100, team_average: null });
  });

  it('ranks each week among the members with points', async () => {
    const board = await createBoardClient(t.ctx.db);
    const a = await createBoardMember(t, board);
    const b = await createBoardMember(t, board);
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: a.user.id, points: 5 });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: b.user.id, points: 9 });
    const body: MetricsResponse = (await get('/api/metrics?period=7d', a.token, board.host)).json();
    expect(body.rank_history.at(-1)).toMatchObject({ rank: 2, points: 5 });
    const summary: MetricsSummary = (await get('/api/metrics/summary', b.token, board.host)).json();
    expect(summary.week).toMatchObject({ points: 9, rank: 1 });
  });
});

describe('GET /api/metrics/summary', () => {
  it("answers this week's points and rank, the streak, what to do next and fresh content", async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const c = board.clientId;
    const db = t.ctx.db;
    for (const weeks of [0, 1, 2, 4]) {
      await addPoints(db, { clientId: c, userId: me.user.id, points: 5, createdAt: daysAgo(weeks * 7) });
    }
    const project = await createProject(db, { clientId: c, name: 'Launch' });
    await joinProject(db, { clientId: c, projectId: project.id, userId: me.user.id });
    const later = await createActivity(db, {
      clientId: c,
      projectId: project.id,
      title: 'Later',
      dueAt: new Date(Date.now() + 9 * DAY_MS),
    });
    const soon = await createActivity(db, {
      clientId: c,
      projectId: project.id,
      title: 'Soon',
      type: 'training',
      dueAt: new Date(Date.now() + DAY_MS),
    });
    const done = await createActivity(db, { clientId: c, projectId: project.id, title: 'Done' });
    await createActivity(db, {
      clientId: c,
      projectId: project.id,
      title: 'Past',
      dueAt: new Date(Date.now() - DAY_MS),
    });
    await createParticipation(db, { clientId: c, activityId: done.id, userId: me.user.id });
    // Handed in and waiting for review: nothing to do; rejected: the member's to do again.
    for (const [title, status] of [
      ['Waiting', 'pending'],
      ['Rejected', 'rejected'],
    ] as const) {
      const submission = await createActivity(db, {
        clientId: c,
        projectId: project.id,
        title,
        type: 'content_submission',
      });
      await createParticipation(db, {
        clientId: c,
        activityId: submission.id,
        userId: me.user.id,
        status,
        isComplete: false,
      });
    }
    const ended = await createProject(db, {
      clientId: c,
      name: 'Over',
      endsAt: new Date(Date.now() - DAY_MS),
    });
    await createActivity(db, { clientId: c, projectId: ended.id, title: 'Too late' });
    const post = await createActivity(db, { clientId: c, projectId: project.id, type: 'social_post' });
    await createShare(db, { clientId: c, userId: me.user.id, activityId: post.id, channel: 'facebook' });
    await createShare(db, {
      clientId: c,
      userId: me.user.id,
      activityId: post.id,
      channel: 'linkedin',
      sharedAt: new Date(),
    });

    const res = await get('/api/metrics/summary', me.token, board.host);
    expect(res.statusCode).toBe(200);
    const body: MetricsSummary = res.json();
    expect(body.week).toEqual({ start: weekStartOf(isoDay(new Date())), points: 5, rank: 1 });
    // Weeks 0, 1 and 2 in a row; week 3 missing.
    expect(body.streak_weeks).toBe(3);
    expect(body.next.slice(0, 2).map((n) => n.id)).toEqual([soon.id, later.id]);
    expect(body.next.map((n) => n.id)).toContain(post.id);
    expect(body.next.map((n) => n.title)).toContain('Rejected');
    expect(body.next.map((n) => n.title)).not.toContain('Waiting');
    expect(body.unconfirmed_shares).toBe(1);
    expect(body.next[0]).toMatchObject({ project_name: 'Launch', type: 'training' });
    expect(body.pending_trainings).toBe(1);
    // Newest first, at most 4: the activities published after the project.
    expect(body.fresh).toHaveLength(4);
    expect(body.fresh[0]).toMatchObject({ kind: 'activity', id: post.id, project_id: project.id });
    expect(body.fresh.map((f) => f.title)).not.toContain('Past');
    // Nothing of a project that is over.
    expect(body.fresh.map((f) => f.title)).not.toContain('Over');
    expect(body.next.map((n) => n.title)).not.toContain('Too late');
  });

  it("counts another client's members nowhere: medians and ranks are the member's client's alone", async () => {
    const busy = await createBoardClient(t.ctx.db);
    const quiet = await createBoardClient(t.ctx.db);
    for (let i = 0; i < 3; i++) {
      const m = await createBoardMember(t, busy);
      await addPoints(t.ctx.db, { clientId: busy.clientId, userId: m.user.id, points: 50 });
    }
    const me = await createBoardMember(t, quiet);
    await addPoints(t.ctx.db, { clientId: quiet.clientId, userId: me.user.id, points: 1 });
    const body: MetricsResponse = (await get('/api/metrics?period=7d', me.token, quiet.host)).json();
    expect(body.totals.points).toEqual({ value: 1, team_average: null, client_median: 1 });
    expect(body.rank_history.at(-1)?.rank).toBe(1);
    const summary: MetricsSummary = (await get('/api/metrics/summary', me.token, quiet.host)).json();
    expect(summary.week.rank).toBe(1);
  });
});
