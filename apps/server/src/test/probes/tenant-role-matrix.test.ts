import { describe, expect, it } from 'vitest';
import { idSourceOf } from './demo-ids.ts';
import { runMatrixGroup } from './matrix-runner.ts';
import { ACTORS, type Actor } from './probe-app.ts';

/**
 * Security issue 9: every route × method of the OpenAPI document, called by every kind of actor with real ids of
 * the Demo client. Outsiders (no session, Acme's people on Acme's host, Acme's token on Demo's host) must neither
 * see nor change Demo's data; each Demo role gets a 2xx only where role-rules.ts (SPEC 6) allows it; and a refused
 * call changes no row of Demo's. A new route is covered without a test: it needs only an id source for its params
 * (demo-ids.ts) and, under /api/admin, a role rule.
 */

// Each group gets a fresh app, so one role's allowed deletes and archives do not take the ids another probes.
// Outsiders share one: none of them may change anything of Demo's.
const GROUPS: Array<[string, readonly Actor[]]> = [
  ['outsiders', [ACTORS.anonymous, ACTORS.acmeTokenOnDemo, ACTORS.acmeMember, ACTORS.acmeAdmin]],
  ['applicant', [ACTORS.applicant]],
  ['member', [ACTORS.member]],
  ['team lead', [ACTORS.lead]],
  ['analyst without team tags', [ACTORS.analyst]],
  ['admin', [ACTORS.admin]],
  ['guest', [ACTORS.guest]],
];

describe('tenant and role matrix (OpenAPI routes × actors)', () => {
  it.each(GROUPS)(
    '%s: no leak, no change, no 2xx beyond SPEC 6',
    { timeout: 120_000 },
    async (_name, actors) => {
      const failures = await runMatrixGroup(actors);
      expect(failures, `${failures.length} defects:\n${failures.join('\n')}`).toEqual([]);
    },
  );

  it('asks for an id source when a new route has a path parameter nobody mapped', () => {
    expect(() => idSourceOf('/api/foo/{id}', 'id')).toThrow(/^add an id source for \/api\/foo\/:id/);
    expect(idSourceOf('/api/admin/teams/{id}/members/{userId}', 'userId')).toBe('user');
  });
});
