import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareClicks } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  createActivity,
  createParticipation,
  createProject,
  createShare,
  createTeam,
  createUser,
  headersFor,
} from '../../test/factories.ts';
import { addPoints, createBoardClient } from '../../test/factories-leaderboard.ts';

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (token: string | undefined, url: string, host?: string) =>
  t.app.inject({ method: 'GET', url, headers: headersFor(token, host) });

/** A client with known rows: u1 and u2 in team X, u3 outside; points, shares, clicks, a passed quiz. */
async function seedClient() {
  const board = await createBoardClient(t.ctx.db);
  const { clientId } = board;
  const db = t.ctx.db;
  const admin = await createUser(db, { clientId, role: 'ADMIN' });
  const analyst = await createUser(db, { clientId, role: 'ANALYST' });
  const u1 = await createUser(db, { clientId, firstName: 'Una', lastName: 'One' });
  const u2 = await createUser(db, { clientId, firstName: 'Tom', lastName: 'Two' });
  const u3 = await createUser(db, { clientId, firstName: '=cmd', lastName: 'Three' });
  const team = await createTeam(db, { clientId, name: 'Team X' }, [u1.id, u2.id]);
  const project = await createProject(db, { clientId });
  const other = await createProject(db, { clientId });
  const post = await createActivity(db, {
    clientId,
    projectId: project.id,
    type: 'social_post',
    title: 'Post A',
  });
  const training = await createActivity(db, {
    clientId,
    projectId: project.id,
    type: 'training',
    title: 'Quiz',
  });
  await addPoints(db, { clientId, userId: u1.id, points: 10, projectId: project.id, createdAt: daysAgo(1) });
  await addPoints(db, { clientId, userId: u3.id, points: 20, projectId: other.id, createdAt: daysAgo(3) });
  const s1 = await createShare(db, {
    clientId,
    userId: u1.id,
    activityId: post.id,
    channel: 'linkedin',
    sharedAt: daysAgo(2),
  });
  await createShare(db, {
    clientId,
    userId: u3.id,
    activityId: post.id,
    channel: 'twitter',
    sharedAt: daysAgo(4),
  });
  await db.insert(shareClicks).values([
    { clientId, shareId: s1.id, visitorHash: 'a', createdAt: daysAgo(1) },
    { clientId, shareId: s1.id, visitorHash: 'b', createdAt: daysAgo(1) },
  ]);
  await createParticipation(db, {
    clientId,
    userId: u2.id,
    activityId: training.id,
    updatedAt: daysAgo(1),
    data: { answers: [0, 1, 1, 0], correct: 3, total: 4 },
  });
  const login = (email: string | null) => t.login(email!, board.host);
  return {
    board,
    ids: {
      u1: u1.id,
      u2: u2.id,
      u3: u3.id,
      team: team.id,
      project: project.id,
      training: training.id,
      post: post.id,
    },
    tokens: {
      admin: await login(admin.email),
      analyst: await login(analyst.email),
      member: await login(u1.email),
    },
  };
}

let a: Awaited<ReturnType<typeof seedClient>>;
let b: Awaited<ReturnType<typeof seedClient>>;
beforeAll(async () => {
  a = await seedClient();
  b = await seedClient();
});

const asAdmin = (url: string) => get(a.tokens.admin, url, a.board.host);

describe('GET /api/admin/reports/{report}', () => {
  it('needs a session', async () => {
    await expectSessionRequired(t, { method: 'GET', url: '/api/admin/reports/shares' });
  });

  it('answers 400 naming the field for a bad report, date, filter, sort or limit', async () => {
    const cases: [string, string][] = [
      ['/api/admin/reports/nope', 'report must be one of'],
      ['/api/admin/reports/shares?from=2026-13-01', 'from must be'],
      ['/api/admin/reports/shares?network=myspace', 'network must be one of'],
      ['/api/admin/reports/shares?activity_type=training', 'activity_type does not apply'],
      ['/api/admin/reports/shares?sort=password', 'sort must be one of'],
      ['/api/admin/reports/shares?dir=up', 'dir must be asc or desc'],
      ['/api/admin/reports/shares?limit=0', 'limit cannot be 0'],
      ['/api/admin/reports/shares?from=2026-05-02&to=2026-05-01', 'from must be on or before to'],
      ['/api/admin/reports/shares?project_id=1', 'project_id must be an id'],
    ];
    for (const [url, message] of cases) {
      const res = await asAdmin(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(message);
    }
  });

  it('is ADMIN only: 403 for an ANALYST, a member, an applicant and a guest', async () => {
    expect((await get(a.tokens.analyst, '/api/admin/reports/shares', a.board.host)).statusCode).toBe(403);
    expect((await get(a.tokens.member, '/api/admin/reports/shares', a.board.host)).statusCode).toBe(403);
    for (const email of ['applicant@demo.test', 'member@demo.test']) {
      expect((await get(await t.login(email), '/api/admin/reports/nope')).statusCode, email).toBe(403);
    }
    // A guest of the Demo client (feature open).
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/guests',
      headers: { host: DEMO_HOST },
      payload: {},
    });
    expect(guest.statusCode, guest.body).toBe(201);
    expect((await get(guest.json().token, '/api/admin/reports/shares')).statusCode).toBe(403);
  });

  it("answers 404 for another client's project or team", async () => {
    expect((await asAdmin(`/api/admin/reports/shares?project_id=${b.ids.project}`)).statusCode).toBe(404);
    expect((await asAdmin(`/api/admin/reports/members?team_id=${b.ids.team}`)).statusCode).toBe(404);
  });

  it('shares: shares and unique clicks by network, a daily chart, and nothing of another client', async () => {
    const res = await asAdmin('/api/admin/reports/shares');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toEqual([
      {
        id: 'linkedin',
        cells: { network: 'linkedin', shares: 1, clicks: 2, sharers: 1, clicks_per_share: 2 },
      },
      { id: 'twitter', cells: { network: 'twitter', shares: 1, clicks: 0, sharers: 1, clicks_per_share: 0 } },
    ]);
    expect(body.series.days).toHaveLength(90);
    expect(body.summary).toMatchObject({ shares: 2, clicks: 2, members: 5 });
    const team = (await asAdmin(`/api/admin/reports/shares?team_id=${a.ids.team}`)).json();
    expect(team.rows.map((r: { id: string }) => r.id)).toEqual(['linkedin']);
  });

  it('members: every member with their figures, sorted and paged by cursor', async () => {
    const first = (await asAdmin('/api/admin/reports/members?sort=points&dir=desc&limit=2')).json();
    expect(first.total_rows).toBe(5);
    expect(
      first.rows.map((r: { cells: { member: string; points: number } }) => [r.cells.member, r.cells.points]),
    ).toEqual([
      ['=cmd Three', 20],
      ['Una One', 10],
    ]);
    expect(first.rows[1].cells).toMatchObject({ shares: 1, clicks: 2 });
    expect(first.next_cursor).toBe(a.ids.u1);
    const second = (
      await asAdmin(`/api/admin/reports/members?sort=points&dir=desc&limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second.rows).toHaveLength(2);
    expect(second.rows[0].cells.member).not.toBe('Una One');
    const back = (
      await asAdmin(`/api/admin/reports/members?sort=points&dir=desc&limit=-2&cursor=${second.rows[0].id}`)
    ).json();
    expect(back.rows.map((r: { id: string }) => r.id)).toEqual(first.rows.map((r: { id: string }) => r.id));
  });

  it('trainings, participation and points read the rollup with the project filter', async () => {
    // Time on the training's page: the time ping names it (credited once per 50 s; any other id adds nothing).
    const ping = (body?: object, token = a.tokens.member) =>
      t.app.inject({
        method: 'POST',
        url: '/api/time',
        headers: headersFor(token, a.board.host),
        ...(body ? { payload: body } : {}),
      });
    expect((await ping({ activity_id: 'nope' })).statusCode).toBe(400);
    expect((await ping({ activity_id: a.ids.training })).statusCode).toBe(200);
    expect((await ping({ activity_id: a.ids.training })).statusCode).toBe(200);
    expect((await ping({ activity_id: a.ids.post })).statusCode).toBe(200);
    expect((await ping({ activity_id: b.ids.training })).statusCode).toBe(200);
    const bare = await ping();
    expect(bare.statusCode, bare.body).toBe(200);
    const trainings = (await asAdmin('/api/admin/reports/trainings')).json();
    expect(trainings.rows).toEqual([
      {
        id: a.ids.training,
        cells: expect.objectContaining({
          training: 'Quiz',
          completions: 1,
          completion_rate: 20,
          average_score: 75,
          time_spent: 60,
        }),
      },
    ]);
    // The other client's training got nothing from a ping on this client's host.
    const other = (await get(b.tokens.admin, '/api/admin/reports/trainings', b.board.host)).json();
    expect(other.rows[0].cells.time_spent).toBe(0);
    const participation = (await asAdmin('/api/admin/reports/participation?activity_type=training')).json();
    expect(participation.rows[0].cells).toMatchObject({ activity: 'Quiz', completions: 1, participants: 1 });
    const points = (await asAdmin(`/api/admin/reports/points?project_id=${a.ids.project}`)).json();
    expect(points.rows).toEqual([
      { id: a.ids.project, cells: expect.objectContaining({ points: 10, earners: 1 }) },
    ]);
    expect(points.summary.points).toBe(10);
  });

  it('badges: answers an empty table for a client without badges', async () => {
    const res = await asAdmin('/api/admin/reports/badges');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: [], total_rows: 0, next_cursor: null });
  });
});
