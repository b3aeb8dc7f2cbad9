import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, applications, projectMembers, shareClicks, shares } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
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

/**
 * A client of its own with known rows: an admin, a lead of team X (u1, u2), u3 outside it, a guest and an
 * applicant; points, shares, clicks, completions, Brand Content and applicants this week and the week before.
 */
async function seedClient() {
  const board = await createBoardClient(t.ctx.db);
  const { clientId } = board;
  const admin = await createUser(t.ctx.db, { clientId, role: 'ADMIN' });
  const u1 = await createUser(t.ctx.db, { clientId, firstName: 'Una', lastName: 'One' });
  const u2 = await createUser(t.ctx.db, { clientId, firstName: 'Tom', lastName: 'Two' });
  const u3 = await createUser(t.ctx.db, { clientId, firstName: 'Tia', lastName: 'Three' });
  const guest = await createUser(t.ctx.db, { clientId, isGhost: true });
  await createUser(t.ctx.db, { clientId, role: 'APPLICANT' });
  const team = await createTeam(t.ctx.db, { clientId, name: 'Team X' }, [u1.id, u2.id]);
  const lead = await createUser(t.ctx.db, { clientId, role: 'ANALYST', teamTags: [team.id] });

  await addPoints(t.ctx.db, { clientId, userId: u1.id, points: 10, createdAt: daysAgo(1) });
  await addPoints(t.ctx.db, { clientId, userId: u2.id, points: 5, createdAt: daysAgo(2) });
  await addPoints(t.ctx.db, { clientId, userId: u3.id, points: 20, createdAt: daysAgo(3) });
  await addPoints(t.ctx.db, { clientId, userId: u1.id, points: 7, createdAt: daysAgo(10) });
  await addPoints(t.ctx.db, { clientId, userId: guest.id, points: 50, createdAt: daysAgo(1) });

  const project = await createProject(t.ctx.db, { clientId });
  const post = await createActivity(t.ctx.db, {
    clientId,
    projectId: project.id,
    type: 'social_post',
    title: 'Post A',
  });
  const brand = await createActivity(t.ctx.db, {
    clientId,
    projectId: project.id,
    type: 'content_submission',
  });
  const training = await createActivity(t.ctx.db, { clientId, projectId: project.id, type: 'training' });
  const s1 = await createShare(t.ctx.db, {
    clientId,
    userId: u1.id,
    activityId: post.id,
    channel: 'linkedin',
    sharedAt: daysAgo(2),
  });
  const s3 = await createShare(t.ctx.db, {
    clientId,
    userId: u3.id,
    activityId: post.id,
    channel: 'twitter',
    sharedAt: daysAgo(9),
  });
  await t.ctx.db.insert(shareClicks).values([
    { clientId, shareId: s1.id, visitorHash: 'a', createdAt: daysAgo(1) },
    { clientId, shareId: s1.id, visitorHash: 'b', createdAt: daysAgo(1) },
    { clientId, shareId: s3.id, visitorHash: 'c', createdAt: daysAgo(9) },
  ]);
  // The counter the share link keeps (the click route adds to it as it records a visitor).
  for (const [id, n] of [
    [s1.id, 2],
    [s3.id, 1],
  ] as const)
    await t.ctx.db
      .update(shares)
      .set({ clicks: sql`${n}` })
      .where(eq(shares.id, id));

  await createParticipation(t.ctx.db, {
    clientId,
    userId: u2.id,
    activityId: training.id,
    updatedAt: daysAgo(1),
  });
  await createParticipation(t.ctx.db, {
    clientId,
    userId: u2.id,
    activityId: brand.id,
    status: 'pending',
    isComplete: false,
  });
  await createParticipation(t.ctx.db, {
    clientId,
    userId: u3.id,
    activityId: brand.id,
    status: 'pending',
    isComplete: false,
    createdAt: daysAgo(20),
  });
  const [form] = await t.ctx.db.insert(applications).values({ clientId, title: 'Join' }).returning();
  await t.ctx.db.insert(applicants).values({ clientId, applicationId: form!.id });

  const login = (email: string | null) => t.login(email!, board.host);
  return {
    board,
    ids: { u1: u1.id, u2: u2.id, u3: u3.id, team: team.id, post: post.id, project: project.id },
    tokens: {
      admin: await login(admin.email),
      lead: await login(lead.email),
      member: await login(u1.email),
    },
  };
}

let a: Awaited<ReturnType<typeof seedClient>>;
let b: Awaited<ReturnType<typeof seedClient>>;
beforeAll(async () => {
  a = await seedClient();
  // A second client with the same rows: none of them may show in the first one's figures.
  b = await seedClient();
});

const URL7 = '/api/admin/dashboard?period=7d';

describe('GET /api/admin/dashboard', () => {
  it('needs a session', async () => {
    await expectSessionRequired(t, { method: 'GET', url: URL7 });
  });

  it('answers 400 naming the period when it is not one of 7d, 30d, 90d', async () => {
    const res = await get(a.tokens.admin, '/api/admin/dashboard?period=1y', a.board.host);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('period must be one of 7d, 30d, 90d');
  });

  it('is not for members or applicants (403)', async () => {
    for (const email of ['member@demo.test', 'applicant@demo.test']) {
      const res = await get(await t.login(email), URL7);
      expect(res.statusCode, email).toBe(403);
    }
    expect((await get(a.tokens.member, URL7, a.board.host)).statusCode).toBe(403);
  });

  it("shows an admin the client's figures against the period before, and nothing of another client", async () => {
    const res = await get(a.tokens.admin, URL7, a.board.host);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      period: '7d',
      scope: 'client',
      // admin, lead, u1, u2, u3: the guest and the applicant are not members.
      members: 5,
      active_members_7d: { value: 3, previous: 2 },
      active_members_30d: { value: 3, previous: 0 },
      participation_rate: { value: 20, previous: 0 },
      shares: { value: 1, previous: 1 },
      clicks: { value: 2, previous: 1 },
      estimated_reach: { value: 250, previous: 100 },
      brand_content_waiting: { value: 2, previous: 1 },
      applicants_waiting: { value: 1, previous: 0 },
      trainings_completed: { value: 1, previous: 0 },
      // Nobody joined the training's project: no training is anyone's yet.
      trainings_completion: { value: 0, previous: 0 },
    });
    expect(body.networks.slice(0, 2)).toEqual([
      { network: 'linkedin', shares: { value: 1, previous: 0 }, clicks: { value: 2, previous: 0 } },
      { network: 'twitter', shares: { value: 0, previous: 1 }, clicks: { value: 0, previous: 1 } },
    ]);
    // Each top row with its figure of the period before (Una earned 7 points ten days ago).
    expect(
      body.top_members.map((m: { name: string; points: number; previous_points: number }) => [
        m.name,
        m.points,
        m.previous_points,
      ]),
    ).toEqual([
      ['Tia Three', 20, 0],
      ['Una One', 10, 7],
      ['Tom Two', 5, 0],
    ]);
    expect(body.top_teams).toEqual([
      { team_id: a.ids.team, name: 'Team X', members: 2, points: 15, previous_points: 7 },
    ]);
    expect(body.top_content).toEqual([
      {
        activity_id: a.ids.post,
        project_id: a.ids.project,
        title: 'Post A',
        shares: 1,
        clicks: 2,
        previous_shares: 1,
        previous_clicks: 1,
      },
    ]);
    expect(body.series).toHaveLength(7);
    const day = (n: number) =>
      body.series.find((d: { day: string }) => d.day === daysAgo(n).toISOString().slice(0, 10));
    expect(day(1)).toEqual({
      day: daysAgo(1).toISOString().slice(0, 10),
      active_members: 2,
      shares: 0,
      clicks: 2,
      completions: 1,
      trainings: 1,
      points: 10,
    });
    expect(day(2)).toMatchObject({ active_members: 2, shares: 1, points: 5 });
  });

  it("shows a team lead only their teams' members, and no applicants", async () => {
    const res = await get(a.tokens.lead, URL7, a.board.host);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      scope: 'teams',
      members: 2,
      active_members_7d: { value: 2, previous: 1 },
      participation_rate: { value: 50, previous: 0 },
      shares: { value: 1, previous: 0 },
      clicks: { value: 2, previous: 0 },
      brand_content_waiting: { value: 1, previous: 0 },
      applicants_waiting: null,
      trainings_completed: { value: 1, previous: 0 },
    });
    expect(body.networks.find((n: { network: string }) => n.network === 'twitter').shares).toEqual({
      value: 0,
      previous: 0,
    });
    expect(body.top_members.map((m: { user_id: string }) => m.user_id)).toEqual([a.ids.u1, a.ids.u2]);
    expect(body.top_teams.map((x: { team_id: string }) => x.team_id)).toEqual([a.ids.team]);
  });

  it('shows an ANALYST without team tags (a lead of every team) the whole client, applicants included', async () => {
    // Client b, whose dashboard nobody has opened yet: client a's answer is cached for a while.
    const analyst = await createUser(t.ctx.db, { clientId: b.board.clientId, role: 'ANALYST', teamTags: [] });
    const token = await t.login(analyst.email!, b.board.host);
    const res = await get(token, URL7, b.board.host);
    expect(res.statusCode).toBe(200);
    // The analyst is a member too: 6 now.
    expect(res.json()).toMatchObject({
      scope: 'client',
      members: 6,
      shares: { value: 1, previous: 1 },
      applicants_waiting: { value: 1, previous: 0 },
    });
  });

  it("serves each viewer scope its own cached answer, an admin's never to a lead", async () => {
    const URL90 = '/api/admin/dashboard?period=90d';
    const asAdmin = (await get(a.tokens.admin, URL90, a.board.host)).json();
    const asLead = (await get(a.tokens.lead, URL90, a.board.host)).json();
    expect(asAdmin).toMatchObject({ scope: 'client', members: 5, applicants_waiting: { value: 1 } });
    expect(asLead).toMatchObject({ scope: 'teams', members: 2, applicants_waiting: null });
    // A lead of another team of the same client gets their own answer, not the first lead's.
    const other = await createTeam(t.ctx.db, { clientId: a.board.clientId, name: 'Team Y' }, [a.ids.u3]);
    const lead2 = await createUser(t.ctx.db, {
      clientId: a.board.clientId,
      role: 'ANALYST',
      teamTags: [other.id],
    });
    const asLead2 = (await get(await t.login(lead2.email!, a.board.host), URL90, a.board.host)).json();
    expect(asLead2).toMatchObject({ scope: 'teams', members: 1 });
    expect(asLead2.top_members.map((m: { user_id: string }) => m.user_id)).toEqual([a.ids.u3]);
    // Within the cache's lifetime a new ledger row does not change the answer (its TTL is short by design).
    await addPoints(t.ctx.db, {
      clientId: a.board.clientId,
      userId: a.ids.u1,
      points: 100,
      createdAt: daysAgo(1),
    });
    expect((await get(a.tokens.admin, URL90, a.board.host)).json()).toEqual(asAdmin);
  });

  it('shows trainings completion now and when the period began, of the live trainings of projects members joined', async () => {
    const board = await createBoardClient(t.ctx.db);
    const { clientId } = board;
    const admin = await createUser(t.ctx.db, { clientId, role: 'ADMIN' });
    const [u1, u2, u3] = [
      await createUser(t.ctx.db, { clientId }),
      await createUser(t.ctx.db, { clientId }),
      await createUser(t.ctx.db, { clientId }),
    ];
    const team = await createTeam(t.ctx.db, { clientId, name: 'Team T' }, [u1!.id, u2!.id]);
    const lead = await createUser(t.ctx.db, { clientId, role: 'ANALYST', teamTags: [team.id] });
    const project = await createProject(t.ctx.db, { clientId });
    const training = (values: { createdAt: Date; archivedAt?: Date; startsAt?: Date }) =>
      createActivity(t.ctx.db, { clientId, projectId: project.id, type: 'training', ...values });
    const old = await training({ createdAt: daysAgo(30) });
    const fresh = await training({ createdAt: daysAgo(2) });
    // Neither counts for anyone: archived, and not started yet.
    const archived = await training({ createdAt: daysAgo(30), archivedAt: daysAgo(1) });
    await training({ createdAt: daysAgo(30), startsAt: new Date(Date.now() + 5 * DAY_MS) });
    await t.ctx.db.insert(projectMembers).values(
      [u1!, u2!, u3!].map((u) => ({
        clientId,
        projectId: project.id,
        userId: u.id,
        createdAt: daysAgo(20),
      })),
    );
    const done = (userId: string, activityId: string, at: Date, isComplete = true) =>
      createParticipation(t.ctx.db, {
        clientId,
        userId,
        activityId,
        createdAt: at,
        updatedAt: at,
        isComplete,
      });
    await done(u3!.id, old.id, daysAgo(15));
    await done(u2!.id, old.id, daysAgo(1));
    await done(u2!.id, fresh.id, daysAgo(1));
    await done(u1!.id, archived.id, daysAgo(10));
    await createParticipation(t.ctx.db, {
      clientId,
      userId: u1!.id,
      activityId: old.id,
      status: 'pending',
      isComplete: false,
    });

    // Now: 3 members x 2 live trainings, 3 complete. When the period began: 3 members x the old one, u3's complete.
    const asAdmin = await get(await t.login(admin.email!, board.host), URL7, board.host);
    expect(asAdmin.json().trainings_completion).toEqual({ value: 50, previous: 33.3 });
    // Team T (u1, u2): 2 of 4 now, none of 2 then.
    const asLead = await get(await t.login(lead.email!, board.host), URL7, board.host);
    expect(asLead.json().trainings_completion).toEqual({ value: 50, previous: 0 });
  });

  it('defaults to 30 days and reads 90', async () => {
    const res = await get(a.tokens.admin, '/api/admin/dashboard', a.board.host);
    expect(res.json()).toMatchObject({ period: '30d', shares: { value: 2, previous: 0 } });
    const long = await get(a.tokens.admin, '/api/admin/dashboard?period=90d', a.board.host);
    expect(long.json().series).toHaveLength(90);
    expect(b.ids.u1).not.toBe(a.ids.u1);
  });
});
