import { TITLE_MAX_LENGTH } from '@rally/shared';
import { asc, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { projectInvites, projects } from '../../db/schema/index.ts';
import type { AdminFixture, Method } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';

const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
export const FORBIDDEN_MESSAGE = 'You are not allowed to manage Projects';
export const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

/** Helpers of the admin projects API tests, bound to the file's fixture. */
export function adminProjectsHelpers(f: AdminFixture) {
  return {
    /** A member (USER) and a team lead (ANALYST) both get 403 for the call. */
    expectAdminOnly: (method: Method, url: string, payload?: object) =>
      f.expectForbidden(['member', 'lead'], FORBIDDEN_MESSAGE, method, url, payload),
    projectCount: async () => (await f.t.ctx.db.select({ n: count() }).from(projects))[0]!.n,
    projectRow: async (id: string) =>
      (await f.t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!,
    invitesOf: async (projectId: string) =>
      (
        await f.t.ctx.db
          .select({ userId: projectInvites.userId })
          .from(projectInvites)
          .where(eq(projectInvites.projectId, projectId))
          .orderBy(asc(projectInvites.userId))
      ).map((r) => r.userId),
    /** Ids of the projects the token's member sees in GET /api/projects. */
    memberProjectIds: async (token: string) => {
      const res = await f.send('GET', '/api/projects', token);
      expect(res.statusCode).toBe(200);
      return (res.json().projects as { id: string }[]).map((p) => p.id);
    },
    /** A project of Acme, made through Acme's own admin API. */
    acmeProject: async () => {
      const res = await f.send(
        'POST',
        '/api/admin/projects',
        f.tokens.acmeAdmin,
        { name: 'Acme mission' },
        ACME_HOST,
      );
      expect(res.statusCode).toBe(201);
      return res.json().project as { id: string };
    },
    /** A project of Demo made through the admin API. */
    adminProject: async (body: Record<string, unknown> = {}) => {
      const res = await f.send('POST', '/api/admin/projects', f.tokens.admin, {
        name: 'Summer launch',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().project as { id: string; name: string };
    },
    /** Bodies the project schema or checks refuse, with the message each one answers. */
    invalidProjectBodies: (): [string, Record<string, unknown>, RegExp][] => [
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
      [
        'end at start',
        { name: 'P', starts_at: inDays(5), ends_at: inDays(5) },
        /^End must be after the start$/,
      ],
      ['bad audience', { name: 'P', audience: 'everyone' }, /audience must be open, teams or invite/],
      [
        'teams without teams',
        { name: 'P', audience: 'teams' },
        /^Choose at least one Team for a Team audience$/,
      ],
      [
        "another client's team",
        { name: 'P', audience: 'teams', audience_team_ids: [f.acmeTeamId] },
        /^audience_team_ids: every id must be a team of this app$/,
      ],
      [
        'an unknown team',
        { name: 'P', audience: 'teams', audience_team_ids: ['0190a0a0-0000-7000-8000-000000000000'] },
        /every id must be a team of this app/,
      ],
      ['not a team id', { name: 'P', audience: 'teams', audience_team_ids: ['sales'] }, /team ids/],
      ['http cover', { name: 'P', image_url: 'http://example.com/a.png' }, /Cover must be an uploaded file/],
      [
        'long description',
        { name: 'P', description: 'd'.repeat(5001) },
        /Description must be 5000 characters/,
      ],
    ],
  };
}
