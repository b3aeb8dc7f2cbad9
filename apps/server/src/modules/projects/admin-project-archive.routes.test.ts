import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { userByEmail } from '../../test/factories.ts';
import { adminProjectsHelpers } from './admin-projects.fixture.ts';

const f = useAdminFixture();
const { acmeProject, adminProject, expectAdminOnly, invitesOf, memberProjectIds, projectRow } =
  adminProjectsHelpers(f);

describe('POST /api/admin/projects/{id}/archive and /unarchive', () => {
  for (const action of ['archive', 'unarchive'] as const) {
    it(`${action}: answers 401 without a valid session of this client`, async () => {
      const project = await adminProject();
      await expectSessionRequired(f.t, {
        method: 'POST',
        url: `/api/admin/projects/${project.id}/${action}`,
      });
    });

    it(`${action}: answers 403 to a member and to a team lead, and changes nothing`, async () => {
      const project = await adminProject();
      if (action === 'unarchive')
        await f.send('POST', `/api/admin/projects/${project.id}/archive`, f.tokens.admin);
      const before = await projectRow(project.id);
      await expectAdminOnly('POST', `/api/admin/projects/${project.id}/${action}`);
      expect(await projectRow(project.id)).toEqual(before);
    });

    it(`${action}: answers 400 for an id that is not a project id`, async () => {
      const res = await f.send('POST', `/api/admin/projects/1/${action}`, f.tokens.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('id must be a project id');
    });

    it(`${action}: answers 404 for another client's project, and leaves it as it was`, async () => {
      const foreign = await acmeProject();
      const before = await projectRow(foreign.id);
      const res = await f.send('POST', `/api/admin/projects/${foreign.id}/${action}`, f.tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(await projectRow(foreign.id)).toEqual(before);
    });
  }

  it('archiving hides the project from members (list, detail, join) and unarchiving brings it back', async () => {
    const project = await adminProject();
    const { token } = await f.newMember();
    expect(await memberProjectIds(token)).toContain(project.id);

    const archived = await f.send('POST', `/api/admin/projects/${project.id}/archive`, f.tokens.admin);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().project).toMatchObject({
      id: project.id,
      state: 'archived',
      archived_at: expect.any(String),
    });
    expect((await projectRow(project.id)).archivedAt).toBeInstanceOf(Date);
    expect(await memberProjectIds(token)).not.toContain(project.id);
    expect((await f.send('GET', `/api/projects/${project.id}`, token)).statusCode).toBe(404);
    expect((await f.send('POST', `/api/projects/${project.id}/join`, token)).statusCode).toBe(404);
    const adminList = await f.send('GET', '/api/admin/projects?status=archived', f.tokens.admin);
    expect((adminList.json().projects as { id: string }[]).map((p) => p.id)).toContain(project.id);

    const restored = await f.send('POST', `/api/admin/projects/${project.id}/unarchive`, f.tokens.admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().project).toMatchObject({ state: 'active', archived_at: null });
    expect((await projectRow(project.id)).archivedAt).toBeNull();
    expect(await memberProjectIds(token)).toContain(project.id);
    expect((await f.send('POST', `/api/projects/${project.id}/join`, token)).statusCode).toBe(200);
  });
});

describe('PUT /api/admin/projects/{id}/invites', () => {
  it('answers 401 without a valid session of this client', async () => {
    const project = await adminProject({ audience: 'invite' });
    await expectSessionRequired(f.t, {
      method: 'PUT',
      url: `/api/admin/projects/${project.id}/invites`,
      payload: { user_ids: [] },
    });
  });

  it('answers 403 to a member and to a team lead, and invites nobody', async () => {
    const project = await adminProject({ audience: 'invite' });
    const { user } = await f.newMember();
    await expectAdminOnly('PUT', `/api/admin/projects/${project.id}/invites`, { user_ids: [user.id] });
    expect(await invitesOf(project.id)).toEqual([]);
  });

  it("answers 400 for ids that are not this client's users, and keeps the invites as they were", async () => {
    const project = await adminProject({ audience: 'invite' });
    const { user } = await f.newMember();
    await f.send('PUT', `/api/admin/projects/${project.id}/invites`, f.tokens.admin, { user_ids: [user.id] });
    const acmeMember = await userByEmail(f.t.ctx.db, 'member@acme.test');
    const cases: [unknown, RegExp][] = [
      [{ user_ids: [user.id, acmeMember.id] }, /^user_ids: every id must be a member of this app$/],
      [{ user_ids: ['0190a0a0-0000-7000-8000-000000000000'] }, /every id must be a member of this app/],
      [{ user_ids: ['maya'] }, /user_ids must be user ids/],
      [{ user_ids: user.id }, /user_ids/],
      [{}, /user_ids/],
    ];
    for (const [payload, message] of cases) {
      const res = await f.send(
        'PUT',
        `/api/admin/projects/${project.id}/invites`,
        f.tokens.admin,
        payload as object,
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await invitesOf(project.id)).toEqual([user.id]);
  });

  it("answers 404 for another client's project, and invites nobody", async () => {
    const foreign = await acmeProject();
    const acmeMember = await userByEmail(f.t.ctx.db, 'member@acme.test');
    const res = await f.send('PUT', `/api/admin/projects/${foreign.id}/invites`, f.tokens.admin, {
      user_ids: [acmeMember.id],
    });
    expect(res.statusCode).toBe(404);
    expect(await invitesOf(foreign.id)).toEqual([]);
  });

  it('shows an invite-only project to the invited members only, and replaces the list on each call', async () => {
    const project = await adminProject({ audience: 'invite' });
    const invited = await f.newMember();
    const other = await f.newMember();
    expect(await memberProjectIds(invited.token)).not.toContain(project.id);

    const res = await f.send('PUT', `/api/admin/projects/${project.id}/invites`, f.tokens.admin, {
      user_ids: [invited.user.id, invited.user.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      id: project.id,
      invited_user_ids: [invited.user.id],
      invited_users: [
        {
          id: invited.user.id,
          display_name: `${invited.user.firstName} ${invited.user.lastName}`,
          image_url: invited.user.imageUrl,
        },
      ],
    });
    expect(await invitesOf(project.id)).toEqual([invited.user.id]);
    expect(await memberProjectIds(invited.token)).toContain(project.id);
    expect(await memberProjectIds(other.token)).not.toContain(project.id);
    expect((await f.send('GET', `/api/projects/${project.id}`, other.token)).statusCode).toBe(404);
    expect((await f.send('POST', `/api/projects/${project.id}/join`, invited.token)).statusCode).toBe(200);

    const replaced = await f.send('PUT', `/api/admin/projects/${project.id}/invites`, f.tokens.admin, {
      user_ids: [other.user.id],
    });
    expect(replaced.json().project.invited_user_ids).toEqual([other.user.id]);
    expect(await memberProjectIds(other.token)).toContain(project.id);
    // A member who joined keeps the project (they are in it) after the invite is withdrawn.
    expect(await memberProjectIds(invited.token)).toContain(project.id);

    const cleared = await f.send('PUT', `/api/admin/projects/${project.id}/invites`, f.tokens.admin, {
      user_ids: [],
    });
    expect(cleared.json().project.invited_user_ids).toEqual([]);
    expect(await memberProjectIds(other.token)).not.toContain(project.id);
  });
});
