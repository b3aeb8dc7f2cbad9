import { describe, expect, it } from 'vitest';
import { invalidForPatch, useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createActivity, userByEmail } from '../../test/factories.ts';
import { adminProjectsHelpers, inDays } from './admin-projects.fixture.ts';

const f = useAdminFixture();
const { acmeProject, adminProject, expectAdminOnly, invalidProjectBodies, memberProjectIds, projectRow } =
  adminProjectsHelpers(f);

describe('GET /api/admin/projects/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await adminProject();
    await expectSessionRequired(f.t, { url: `/api/admin/projects/${project.id}` });
  });

  it('answers 403 to a member; a team lead may read it (read-only Projects tab, SPEC 6)', async () => {
    const project = await adminProject();
    await f.expectForbidden(
      ['member'],
      'You are not allowed to see Projects in the admin area',
      'GET',
      `/api/admin/projects/${project.id}`,
    );
    const res = await f.send('GET', `/api/admin/projects/${project.id}`, f.tokens.lead);
    expect(res.statusCode).toBe(200);
    expect(res.json().project.id).toBe(project.id);
  });

  it('answers 400 for an id that is not a project id', async () => {
    const res = await f.send('GET', '/api/admin/projects/summer', f.tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be a project id', code: 'invalid_input' });
  });

  it("answers 404 for another client's project and for an unknown one", async () => {
    const foreign = await acmeProject();
    for (const id of [foreign.id, '0190a0a0-0000-7000-8000-000000000000']) {
      const res = await f.send('GET', `/api/admin/projects/${id}`, f.tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Project not found' });
    }
    expect(
      (await f.send('GET', `/api/admin/projects/${foreign.id}`, f.tokens.acmeAdmin, undefined, ACME_HOST))
        .statusCode,
    ).toBe(200);
  });

  it('answers the project with its live activities (quiz answers included) and invited members', async () => {
    const project = await adminProject({ audience: 'invite' });
    const quiz = {
      questions: [{ question: 'Colour?', options: ['Red', 'Blue'], answer: 1 }],
      pass_mark: 100,
    };
    const live = await createActivity(f.t.ctx.db, {
      clientId: f.ids.demo,
      projectId: project.id,
      type: 'training',
      config: { type: 'training', body: 'Read me', video_url: null, pdf_url: null, quiz },
      dueAt: new Date(Date.now() + 86_400_000),
    });
    await createActivity(f.t.ctx.db, { clientId: f.ids.demo, projectId: project.id, archivedAt: new Date() });
    const invited = await userByEmail(f.t.ctx.db, 'member@demo.test');
    expect(
      (
        await f.send('PUT', `/api/admin/projects/${project.id}/invites`, f.tokens.admin, {
          user_ids: [invited.id],
        })
      ).statusCode,
    ).toBe(200);
    // Archived projects stay readable for admins.
    await f.send('POST', `/api/admin/projects/${project.id}/archive`, f.tokens.admin);

    const res = await f.send('GET', `/api/admin/projects/${project.id}`, f.tokens.admin);
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
    await expectSessionRequired(f.t, {
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
    const project = await adminProject({ audience: 'teams', audience_team_ids: [f.team.Sales] });
    const before = await projectRow(project.id);
    for (const [label, body, message] of invalidForPatch(invalidProjectBodies())) {
      const res = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await f.send('PATCH', '/api/admin/projects/nope', f.tokens.admin, { name: 'X' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('id must be a project id');
    expect(await projectRow(project.id)).toEqual(before);
  });

  it("answers 404 for another client's project, and leaves it as it was", async () => {
    const foreign = await acmeProject();
    const before = await projectRow(foreign.id);
    const res = await f.send('PATCH', `/api/admin/projects/${foreign.id}`, f.tokens.admin, {
      name: 'Hijacked',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
    expect(await projectRow(foreign.id)).toEqual(before);
  });

  it('changes the fields sent (null clears one); a project no longer for a team disappears for that team', async () => {
    const project = await adminProject({ audience: 'open', description: 'Old', starts_at: inDays(-3) });
    expect(await memberProjectIds(f.tokens.member)).toContain(project.id);
    const ends = inDays(10);
    const res = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      name: 'Sales push',
      description: null,
      audience: 'teams',
      audience_team_ids: [f.team.Sales],
      starts_at: null,
      ends_at: ends,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      id: project.id,
      name: 'Sales push',
      description: null,
      audience: 'teams',
      audience_team_ids: [f.team.Sales],
      starts_at: null,
      ends_at: ends,
      state: 'active',
    });
    const row = await projectRow(project.id);
    expect(row).toMatchObject({ name: 'Sales push', description: null, startsAt: null, audience: 'teams' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    expect(await memberProjectIds(f.tokens.member)).not.toContain(project.id);
    expect(await memberProjectIds(f.tokens.lead)).toContain(project.id);

    const back = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      name: 'Sales push',
      audience: 'open',
      audience_team_ids: [f.team.Sales],
      ends_at: inDays(-1),
    });
    expect(back.json().project).toMatchObject({ audience: 'open', audience_team_ids: [], state: 'ended' });
  });
});
