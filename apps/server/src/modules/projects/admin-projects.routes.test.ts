import { TITLE_MAX_LENGTH } from '@rally/shared';
import { asc, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectInvites, projects, teams } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createUser,
  headersFor,
  joinProject,
  uploadFile,
  userByEmail,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
let memberToken: string;
let leadToken: string;
let acmeAdminToken: string;
/** Demo's teams by name: Marketing (member@demo.test), Sales (lead@demo.test), … */
let team: Record<string, string>;
let acmeTeamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [adminToken, memberToken, leadToken, acmeAdminToken] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('member@demo.test'),
    t.login('lead@demo.test'),
    t.login('admin@acme.test'),
  ]);
  const rows = await t.ctx.db.select().from(teams);
  team = Object.fromEntries(rows.filter((r) => r.clientId === ids.demo).map((r) => [r.name, r.id]));
  acmeTeamId = rows.find((r) => r.clientId === ids.acme)!.id;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const FORBIDDEN = { message: 'You are not allowed to manage projects' };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, token: string, payload?: object, host = DEMO_HOST) =>
  t.app.inject({
    method,
    url,
    headers: headersFor(token, host),
    ...(payload === undefined ? {} : { payload }),
  } as InjectOptions);
const projectCount = async () => (await t.ctx.db.select({ n: count() }).from(projects))[0]!.n;
const projectRow = async (id: string) =>
  (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const invitesOf = async (projectId: string) =>
  (
    await t.ctx.db
      .select({ userId: projectInvites.userId })
      .from(projectInvites)
      .where(eq(projectInvites.projectId, projectId))
      .orderBy(asc(projectInvites.userId))
  ).map((r) => r.userId);
const memberProjectIds = async (token: string) => {
  const res = await send('GET', '/api/projects', token);
  expect(res.statusCode).toBe(200);
  return (res.json().projects as { id: string }[]).map((p) => p.id);
};
/** A fresh Demo member and their token. */
const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};

/** A member (USER) and a team lead (ANALYST) both get 403 for the call. */
async function expectAdminOnly(method: Method, url: string, payload?: object) {
  for (const [who, token] of [
    ['member', memberToken],
    ['lead', leadToken],
  ] as const) {
    const res = await send(method, url, token, payload);
    expect(res.statusCode, `${method} ${url} as ${who}`).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  }
}

/** A project of Acme, made through Acme's own admin API. */
async function acmeProject() {
  const res = await send('POST', '/api/admin/projects', acmeAdminToken, { name: 'Acme mission' }, ACME_HOST);
  expect(res.statusCode).toBe(201);
  return res.json().project as { id: string };
}

/** A project of Demo made through the admin API. */
async function adminProject(body: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/admin/projects', adminToken, { name: 'Summer launch', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().project as { id: string; name: string };
}

/** Bodies the project schema or checks refuse, with the message each one answers. */
const invalidProjectBodies = (): [string, Record<string, unknown>, RegExp][] => [
  ['no name', { description: 'x' }, /^Name is required$/],
  ['blank name', { name: '   ' }, /^Name is required$/],
  ['long name', { name: 'n'.repeat(TITLE_MAX_LENGTH + 1) }, /Name must be 120 characters or less/],
  ['bad start', { name: 'P', starts_at: 'next monday' }, /Start must be a date and time \(ISO 8601\)/],
  ['bad end', { name: 'P', ends_at: '2026-13-01T00:00:00Z' }, /End must be a date and time/],
  ['date only', { name: 'P', starts_at: '2026-06-01' }, /Start must be a date and time/],
  [
    'end before start',
    { name: 'P', starts_at: inDays(5), ends_at: inDays(2) },
    /^End must be after the start$/,
  ],
  ['end at start', { name: 'P', starts_at: inDays(5), ends_at: inDays(5) }, /^End must be after the start$/],
  ['bad audience', { name: 'P', audience: 'everyone' }, /audience must be open, teams or invite/],
  ['teams without teams', { name: 'P', audience: 'teams' }, /^Choose at least one team for a team audience$/],
  [
    "another client's team",
    { name: 'P', audience: 'teams', audience_team_ids: [acmeTeamId] },
    /^audience_team_ids: every id must be a team of this app$/,
  ],
  [
    'an unknown team',
    { name: 'P', audience: 'teams', audience_team_ids: ['0190a0a0-0000-7000-8000-000000000000'] },
    /every id must be a team of this app/,
  ],
  ['not a team id', { name: 'P', audience: 'teams', audience_team_ids: ['sales'] }, /team ids/],
  ['http cover', { name: 'P', image_url: 'http://example.com/a.png' }, /Cover must be an uploaded file/],
  ['long description', { name: 'P', description: 'd'.repeat(5001) }, /Description must be 5000 characters/],
];

describe('GET /api/admin/projects', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/projects' });
  });

  it('answers 403 to a member and to a team lead', async () => {
    await expectAdminOnly('GET', '/api/admin/projects');
  });

  it('answers 400 for an unknown status', async () => {
    const res = await send('GET', '/api/admin/projects?status=deleted', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'status must be current, archived or all', code: 'invalid_input' });
  });

  it("lists this client's current projects newest first with counts; archived ones only on request", async () => {
    const older = await adminProject({ name: 'Older' });
    const newer = await adminProject({ name: 'Newer' });
    const archived = await adminProject({ name: 'Gone' });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: newer.id });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: newer.id, archivedAt: new Date() });
    const member = await userByEmail(t.ctx.db, 'member@demo.test');
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: newer.id, userId: member.id });
    expect((await send('POST', `/api/admin/projects/${archived.id}/archive`, adminToken)).statusCode).toBe(
      200,
    );
    const foreign = await acmeProject();

    const list = async (query = '') => {
      const res = await send('GET', `/api/admin/projects${query}`, adminToken);
      expect(res.statusCode).toBe(200);
      return res.json().projects as { id: string; activity_count: number; member_count: number }[];
    };
    const current = await list();
    const currentIds = current.map((p) => p.id);
    expect(currentIds).toContain(older.id);
    expect(currentIds.indexOf(newer.id)).toBeLessThan(currentIds.indexOf(older.id));
    expect(currentIds).not.toContain(archived.id);
    expect(currentIds).not.toContain(foreign.id);
    expect(current.find((p) => p.id === newer.id)).toMatchObject({ activity_count: 1, member_count: 1 });
    expect(current.find((p) => p.id === older.id)).toMatchObject({ activity_count: 0, member_count: 0 });

    expect((await list('?status=archived')).map((p) => p.id)).toEqual(expect.arrayContaining([archived.id]));
    expect((await list('?status=archived')).map((p) => p.id)).not.toContain(older.id);
    const all = (await list('?status=all')).map((p) => p.id);
    expect(all).toEqual(expect.arrayContaining([older.id, newer.id, archived.id]));
    expect(all).not.toContain(foreign.id);
  });
});

describe('POST /api/admin/projects', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: '/api/admin/projects', payload: { name: 'P' } });
  });

  it('answers 403 to a member and to a team lead, and creates nothing', async () => {
    const before = await projectCount();
    await expectAdminOnly('POST', '/api/admin/projects', { name: 'Not mine to make' });
    expect(await projectCount()).toBe(before);
  });

  it('answers 400 naming what is wrong, and creates nothing', async () => {
    const before = await projectCount();
    for (const [label, body, message] of invalidProjectBodies()) {
      const res = await send('POST', '/api/admin/projects', adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await projectCount()).toBe(before);
  });

  it("answers 400 for a cover that is another client's upload, and creates nothing", async () => {
    const acmeCover = await uploadFile(t.app, acmeAdminToken, {
      type: 'creative',
      objectId: ids.acme,
      host: ACME_HOST,
    });
    const before = await projectCount();
    const res = await send('POST', '/api/admin/projects', adminToken, { name: 'P', image_url: acmeCover });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Cover must be a file uploaded to this app/);
    expect(await projectCount()).toBe(before);

    const project = await adminProject();
    const row = await projectRow(project.id);
    const patch = await send('PATCH', `/api/admin/projects/${project.id}`, adminToken, {
      name: 'P',
      image_url: acmeCover,
    });
    expect(patch.statusCode).toBe(400);
    expect(await projectRow(project.id)).toEqual(row);
  });

  it('creates an open project that members see and can join, answering 201 with its state', async () => {
    const cover = await uploadFile(t.app, adminToken, { type: 'creative', objectId: ids.demo });
    const starts = inDays(-1);
    const ends = inDays(30);
    const res = await send('POST', '/api/admin/projects', adminToken, {
      name: '  Summer launch  ',
      description: 'Tell everyone about the launch.',
      image_url: cover,
      starts_at: starts,
      ends_at: ends,
    });
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project).toEqual({
      id: expect.any(String),
      name: 'Summer launch',
      description: 'Tell everyone about the launch.',
      image_url: cover,
      audience: 'open',
      audience_team_ids: [],
      starts_at: starts,
      ends_at: ends,
      archived_at: null,
      state: 'active',
      activity_count: 0,
      member_count: 0,
      created_at: expect.any(String),
    });
    expect(await projectRow(project.id)).toMatchObject({ clientId: ids.demo, name: 'Summer launch' });
    expect(await memberProjectIds(memberToken)).toContain(project.id);
    const join = await send('POST', `/api/projects/${project.id}/join`, memberToken);
    expect(join.statusCode).toBe(200);
    expect(join.json().project.joined).toBe(true);
    // Acme's members never see it.
    const acmeMember = await t.login('member@acme.test');
    const acme = await send('GET', '/api/projects', acmeMember, undefined, ACME_HOST);
    expect((acme.json().projects as { id: string }[]).map((p) => p.id)).not.toContain(project.id);
  });

  it("creates an upcoming teams project that only the teams' members see", async () => {
    const res = await send('POST', '/api/admin/projects', adminToken, {
      name: 'Marketing only',
      audience: 'teams',
      audience_team_ids: [team.Marketing],
      starts_at: inDays(3),
    });
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project).toMatchObject({
      audience: 'teams',
      audience_team_ids: [team.Marketing],
      state: 'upcoming',
    });
    expect(await memberProjectIds(memberToken)).toContain(project.id);
    expect(await memberProjectIds(leadToken)).not.toContain(project.id);
    expect(await memberProjectIds((await member()).token)).not.toContain(project.id);
  });

  it('stores no team ids for an open project, whatever was sent', async () => {
    const project = await adminProject({ audience: 'open', audience_team_ids: [team.Sales] });
    expect((await projectRow(project.id)).audienceTeamIds).toEqual([]);
  });
});

describe('GET /api/admin/projects/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await adminProject();
    await expectSessionRequired(t, { url: `/api/admin/projects/${project.id}` });
  });

  it('answers 403 to a member and to a team lead', async () => {
    const project = await adminProject();
    await expectAdminOnly('GET', `/api/admin/projects/${project.id}`);
  });

  it('answers 400 for an id that is not a project id', async () => {
    const res = await send('GET', '/api/admin/projects/summer', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be a project id', code: 'invalid_input' });
  });

  it("answers 404 for another client's project and for an unknown one", async () => {
    const foreign = await acmeProject();
    for (const id of [foreign.id, '0190a0a0-0000-7000-8000-000000000000']) {
      const res = await send('GET', `/api/admin/projects/${id}`, adminToken);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Project not found' });
    }
    expect(
      (await send('GET', `/api/admin/projects/${foreign.id}`, acmeAdminToken, undefined, ACME_HOST))
        .statusCode,
    ).toBe(200);
  });

  it('answers the project with its live activities (quiz answers included) and invited members', async () => {
    const project = await adminProject({ audience: 'invite' });
    const quiz = {
      questions: [{ question: 'Colour?', options: ['Red', 'Blue'], answer: 1 }],
      pass_mark: 100,
    };
    const live = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
      config: { type: 'training', body: 'Read me', video_url: null, pdf_url: null, quiz },
      dueAt: new Date(Date.now() + DAY),
    });
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id, archivedAt: new Date() });
    const invited = await userByEmail(t.ctx.db, 'member@demo.test');
    expect(
      (await send('PUT', `/api/admin/projects/${project.id}/invites`, adminToken, { user_ids: [invited.id] }))
        .statusCode,
    ).toBe(200);
    // Archived projects stay readable for admins.
    await send('POST', `/api/admin/projects/${project.id}/archive`, adminToken);

    const res = await send('GET', `/api/admin/projects/${project.id}`, adminToken);
    expect(res.statusCode).toBe(200);
    const body = res.json().project;
    expect(body).toMatchObject({
      id: project.id,
      state: 'archived',
      activity_count: 1,
      invited_user_ids: [invited.id],
    });
    expect(body.activities).toHaveLength(1);
    expect(body.activities[0]).toMatchObject({
      id: live.id,
      type: 'training',
      participation_count: 0,
      config: { type: 'training', body: 'Read me', quiz },
    });
  });
});

describe('PATCH /api/admin/projects/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await adminProject();
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `/api/admin/projects/${project.id}`,
      payload: { name: 'Renamed' },
    });
    expect((await projectRow(project.id)).name).toBe('Summer launch');
  });

  it('answers 403 to a member and to a team lead, and changes nothing', async () => {
    const project = await adminProject();
    const before = await projectRow(project.id);
    await expectAdminOnly('PATCH', `/api/admin/projects/${project.id}`, { name: 'Renamed' });
    expect(await projectRow(project.id)).toEqual(before);
  });

  it('answers 400 naming what is wrong, and changes nothing', async () => {
    const project = await adminProject({ audience: 'teams', audience_team_ids: [team.Sales] });
    const before = await projectRow(project.id);
    for (const [label, body, message] of invalidProjectBodies()) {
      const res = await send('PATCH', `/api/admin/projects/${project.id}`, adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await send('PATCH', '/api/admin/projects/nope', adminToken, { name: 'X' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('id must be a project id');
    expect(await projectRow(project.id)).toEqual(before);
  });

  it("answers 404 for another client's project, and leaves it as it was", async () => {
    const foreign = await acmeProject();
    const before = await projectRow(foreign.id);
    const res = await send('PATCH', `/api/admin/projects/${foreign.id}`, adminToken, { name: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
    expect(await projectRow(foreign.id)).toEqual(before);
  });

  it('replaces every field; a project that is no longer for a team disappears for that team', async () => {
    const project = await adminProject({ audience: 'open', description: 'Old', starts_at: inDays(-3) });
    expect(await memberProjectIds(memberToken)).toContain(project.id);
    const ends = inDays(10);
    const res = await send('PATCH', `/api/admin/projects/${project.id}`, adminToken, {
      name: 'Sales push',
      audience: 'teams',
      audience_team_ids: [team.Sales],
      ends_at: ends,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      id: project.id,
      name: 'Sales push',
      description: null,
      audience: 'teams',
      audience_team_ids: [team.Sales],
      starts_at: null,
      ends_at: ends,
      state: 'active',
    });
    const row = await projectRow(project.id);
    expect(row).toMatchObject({ name: 'Sales push', description: null, startsAt: null, audience: 'teams' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    expect(await memberProjectIds(memberToken)).not.toContain(project.id);
    expect(await memberProjectIds(leadToken)).toContain(project.id);

    const back = await send('PATCH', `/api/admin/projects/${project.id}`, adminToken, {
      name: 'Sales push',
      audience: 'open',
      audience_team_ids: [team.Sales],
      ends_at: inDays(-1),
    });
    expect(back.json().project).toMatchObject({ audience: 'open', audience_team_ids: [], state: 'ended' });
  });
});

describe('POST /api/admin/projects/{id}/archive and /unarchive', () => {
  for (const action of ['archive', 'unarchive'] as const) {
    it(`${action}: answers 401 without a valid session of this client`, async () => {
      const project = await adminProject();
      await expectSessionRequired(t, { method: 'POST', url: `/api/admin/projects/${project.id}/${action}` });
    });

    it(`${action}: answers 403 to a member and to a team lead, and changes nothing`, async () => {
      const project = await adminProject();
      if (action === 'unarchive') await send('POST', `/api/admin/projects/${project.id}/archive`, adminToken);
      const before = await projectRow(project.id);
      await expectAdminOnly('POST', `/api/admin/projects/${project.id}/${action}`);
      expect(await projectRow(project.id)).toEqual(before);
    });

    it(`${action}: answers 400 for an id that is not a project id`, async () => {
      const res = await send('POST', `/api/admin/projects/1/${action}`, adminToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('id must be a project id');
    });

    it(`${action}: answers 404 for another client's project, and leaves it as it was`, async () => {
      const foreign = await acmeProject();
      const before = await projectRow(foreign.id);
      const res = await send('POST', `/api/admin/projects/${foreign.id}/${action}`, adminToken);
      expect(res.statusCode).toBe(404);
      expect(await projectRow(foreign.id)).toEqual(before);
    });
  }

  it('archiving hides the project from members (list, detail, join) and unarchiving brings it back', async () => {
    const project = await adminProject();
    const { token } = await member();
    expect(await memberProjectIds(token)).toContain(project.id);

    const archived = await send('POST', `/api/admin/projects/${project.id}/archive`, adminToken);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().project).toMatchObject({
      id: project.id,
      state: 'archived',
      archived_at: expect.any(String),
    });
    expect((await projectRow(project.id)).archivedAt).toBeInstanceOf(Date);
    expect(await memberProjectIds(token)).not.toContain(project.id);
    expect((await send('GET', `/api/projects/${project.id}`, token)).statusCode).toBe(404);
    expect((await send('POST', `/api/projects/${project.id}/join`, token)).statusCode).toBe(404);
    const adminList = await send('GET', '/api/admin/projects?status=archived', adminToken);
    expect((adminList.json().projects as { id: string }[]).map((p) => p.id)).toContain(project.id);

    const restored = await send('POST', `/api/admin/projects/${project.id}/unarchive`, adminToken);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().project).toMatchObject({ state: 'active', archived_at: null });
    expect((await projectRow(project.id)).archivedAt).toBeNull();
    expect(await memberProjectIds(token)).toContain(project.id);
    expect((await send('POST', `/api/projects/${project.id}/join`, token)).statusCode).toBe(200);
  });
});

describe('PUT /api/admin/projects/{id}/invites', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await adminProject({ audience: 'invite' });
    await expectSessionRequired(t, {
      method: 'PUT',
      url: `/api/admin/projects/${project.id}/invites`,
      payload: { user_ids: [] },
    });
  });

  it('answers 403 to a member and to a team lead, and invites nobody', async () => {
    const project = await adminProject({ audience: 'invite' });
    const { user } = await member();
    await expectAdminOnly('PUT', `/api/admin/projects/${project.id}/invites`, { user_ids: [user.id] });
    expect(await invitesOf(project.id)).toEqual([]);
  });

  it("answers 400 for ids that are not this client's users, and keeps the invites as they were", async () => {
    const project = await adminProject({ audience: 'invite' });
    const { user } = await member();
    await send('PUT', `/api/admin/projects/${project.id}/invites`, adminToken, { user_ids: [user.id] });
    const acmeMember = await userByEmail(t.ctx.db, 'member@acme.test');
    const cases: [unknown, RegExp][] = [
      [{ user_ids: [user.id, acmeMember.id] }, /^user_ids: every id must be a member of this app$/],
      [{ user_ids: ['0190a0a0-0000-7000-8000-000000000000'] }, /every id must be a member of this app/],
      [{ user_ids: ['maya'] }, /user_ids must be user ids/],
      [{ user_ids: user.id }, /user_ids/],
      [{}, /user_ids/],
    ];
    for (const [payload, message] of cases) {
      const res = await send(
        'PUT',
        `/api/admin/projects/${project.id}/invites`,
        adminToken,
        payload as object,
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await invitesOf(project.id)).toEqual([user.id]);
  });

  it("answers 404 for another client's project, and invites nobody", async () => {
    const foreign = await acmeProject();
    const acmeMember = await userByEmail(t.ctx.db, 'member@acme.test');
    const res = await send('PUT', `/api/admin/projects/${foreign.id}/invites`, adminToken, {
      user_ids: [acmeMember.id],
    });
    expect(res.statusCode).toBe(404);
    expect(await invitesOf(foreign.id)).toEqual([]);
  });

  it('shows an invite-only project to the invited members only, and replaces the list on each call', async () => {
    const project = await adminProject({ audience: 'invite' });
    const invited = await member();
    const other = await member();
    expect(await memberProjectIds(invited.token)).not.toContain(project.id);

    const res = await send('PUT', `/api/admin/projects/${project.id}/invites`, adminToken, {
      user_ids: [invited.user.id, invited.user.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({ id: project.id, invited_user_ids: [invited.user.id] });
    expect(await invitesOf(project.id)).toEqual([invited.user.id]);
    expect(await memberProjectIds(invited.token)).toContain(project.id);
    expect(await memberProjectIds(other.token)).not.toContain(project.id);
    expect((await send('GET', `/api/projects/${project.id}`, other.token)).statusCode).toBe(404);
    expect((await send('POST', `/api/projects/${project.id}/join`, invited.token)).statusCode).toBe(200);

    const replaced = await send('PUT', `/api/admin/projects/${project.id}/invites`, adminToken, {
      user_ids: [other.user.id],
    });
    expect(replaced.json().project.invited_user_ids).toEqual([other.user.id]);
    expect(await memberProjectIds(other.token)).toContain(project.id);
    // A member who joined keeps the project (they are in it) after the invite is withdrawn.
    expect(await memberProjectIds(invited.token)).toContain(project.id);

    const cleared = await send('PUT', `/api/admin/projects/${project.id}/invites`, adminToken, {
      user_ids: [],
    });
    expect(cleared.json().project.invited_user_ids).toEqual([]);
    expect(await memberProjectIds(other.token)).not.toContain(project.id);
  });
});

describe('admin projects of the two clients', () => {
  it("keeps each client's projects apart: the same admin call on Acme's host sees only Acme's", async () => {
    const demo = await adminProject({ name: 'Demo only' });
    const acme = await acmeProject();
    const res = await send('GET', '/api/admin/projects?status=all', acmeAdminToken, undefined, ACME_HOST);
    const listed = (res.json().projects as { id: string }[]).map((p) => p.id);
    expect(listed).toContain(acme.id);
    expect(listed).not.toContain(demo.id);
    const seeded = await createProject(t.ctx.db, { clientId: ids.acme });
    expect((await send('GET', `/api/admin/projects/${seeded.id}`, adminToken)).statusCode).toBe(404);
  });
});
