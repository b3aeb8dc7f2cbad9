import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createActivity, createProject, joinProject, uploadFile, userByEmail } from '../../test/factories.ts';
import { adminProjectsHelpers, inDays } from './admin-projects.fixture.ts';

const f = useAdminFixture();
const {
  acmeProject,
  adminProject,
  expectAdminOnly,
  invalidProjectBodies,
  memberProjectIds,
  projectCount,
  projectRow,
} = adminProjectsHelpers(f);

describe('GET /api/admin/projects', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/projects' });
  });

  it('answers 403 to a member; a team lead may read the list (read-only Projects tab, SPEC 6)', async () => {
    await f.expectForbidden(
      ['member'],
      'You are not allowed to see Projects in the admin area',
      'GET',
      '/api/admin/projects',
    );
    const project = await adminProject({ name: 'Visible to leads' });
    const res = await f.send('GET', '/api/admin/projects', f.tokens.lead);
    expect(res.statusCode).toBe(200);
    expect(res.json().projects.map((p: { id: string }) => p.id)).toContain(project.id);
  });

  it('answers 400 for an unknown status', async () => {
    const res = await f.send('GET', '/api/admin/projects?status=deleted', f.tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'status must be current, archived or all', code: 'invalid_input' });
  });

  it("lists this client's current projects newest first with counts; archived ones only on request", async () => {
    const older = await adminProject({ name: 'Older' });
    const newer = await adminProject({ name: 'Newer' });
    const archived = await adminProject({ name: 'Gone' });
    await createActivity(f.t.ctx.db, { clientId: f.ids.demo, projectId: newer.id });
    await createActivity(f.t.ctx.db, { clientId: f.ids.demo, projectId: newer.id, archivedAt: new Date() });
    const member = await userByEmail(f.t.ctx.db, 'member@demo.test');
    await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: newer.id, userId: member.id });
    expect(
      (await f.send('POST', `/api/admin/projects/${archived.id}/archive`, f.tokens.admin)).statusCode,
    ).toBe(200);
    const foreign = await acmeProject();

    const list = async (query = '') => {
      const res = await f.send('GET', `/api/admin/projects${query}`, f.tokens.admin);
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
    await expectSessionRequired(f.t, { method: 'POST', url: '/api/admin/projects', payload: { name: 'P' } });
  });

  it('answers 403 to a member and to a team lead, and creates nothing', async () => {
    const before = await projectCount();
    await expectAdminOnly('POST', '/api/admin/projects', { name: 'Not mine to make' });
    expect(await projectCount()).toBe(before);
  });

  it('answers 400 naming what is wrong, and creates nothing', async () => {
    const before = await projectCount();
    for (const [label, body, message] of invalidProjectBodies()) {
      const res = await f.send('POST', '/api/admin/projects', f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await projectCount()).toBe(before);
  });

  it("answers 400 for a cover that is another client's upload, and creates nothing", async () => {
    const acmeCover = await uploadFile(f.t.app, f.tokens.acmeAdmin, {
      type: 'creative',
      objectId: f.ids.acme,
      host: ACME_HOST,
    });
    const before = await projectCount();
    const res = await f.send('POST', '/api/admin/projects', f.tokens.admin, {
      name: 'P',
      image_url: acmeCover,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Cover must be a file uploaded to this app/);
    expect(await projectCount()).toBe(before);

    const project = await adminProject();
    const row = await projectRow(project.id);
    const patch = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      name: 'P',
      image_url: acmeCover,
    });
    expect(patch.statusCode).toBe(400);
    expect(await projectRow(project.id)).toEqual(row);
  });

  it('creates an open project that members see and can join, answering 201 with its state', async () => {
    const cover = await uploadFile(f.t.app, f.tokens.admin, { type: 'creative', objectId: f.ids.demo });
    const starts = inDays(-1);
    const ends = inDays(30);
    const res = await f.send('POST', '/api/admin/projects', f.tokens.admin, {
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
    expect(await projectRow(project.id)).toMatchObject({ clientId: f.ids.demo, name: 'Summer launch' });
    expect(await memberProjectIds(f.tokens.member)).toContain(project.id);
    const join = await f.send('POST', `/api/projects/${project.id}/join`, f.tokens.member);
    expect(join.statusCode).toBe(200);
    expect(join.json().project.joined).toBe(true);
    // Acme's members never see it.
    const acmeMember = await f.t.login('member@acme.test');
    const acme = await f.send('GET', '/api/projects', acmeMember, undefined, ACME_HOST);
    expect((acme.json().projects as { id: string }[]).map((p) => p.id)).not.toContain(project.id);
  });

  it("creates an upcoming teams project that only the teams' members see", async () => {
    const res = await f.send('POST', '/api/admin/projects', f.tokens.admin, {
      name: 'Marketing only',
      audience: 'teams',
      audience_team_ids: [f.team.Marketing],
      starts_at: inDays(3),
    });
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project).toMatchObject({
      audience: 'teams',
      audience_team_ids: [f.team.Marketing],
      state: 'upcoming',
    });
    expect(await memberProjectIds(f.tokens.member)).toContain(project.id);
    expect(await memberProjectIds(f.tokens.lead)).not.toContain(project.id);
    expect(await memberProjectIds((await f.newMember()).token)).not.toContain(project.id);
  });

  it('stores no team ids for an open project, whatever was sent', async () => {
    const project = await adminProject({ audience: 'open', audience_team_ids: [f.team.Sales] });
    expect((await projectRow(project.id)).audienceTeamIds).toEqual([]);
  });
});

describe('admin projects of the two clients', () => {
  it("keeps each client's projects apart: the same admin call on Acme's host sees only Acme's", async () => {
    const demo = await adminProject({ name: 'Demo only' });
    const acme = await acmeProject();
    const res = await f.send(
      'GET',
      '/api/admin/projects?status=all',
      f.tokens.acmeAdmin,
      undefined,
      ACME_HOST,
    );
    const listed = (res.json().projects as { id: string }[]).map((p) => p.id);
    expect(listed).toContain(acme.id);
    expect(listed).not.toContain(demo.id);
    const seeded = await createProject(f.t.ctx.db, { clientId: f.ids.acme });
    expect((await f.send('GET', `/api/admin/projects/${seeded.id}`, f.tokens.admin)).statusCode).toBe(404);
  });
});
