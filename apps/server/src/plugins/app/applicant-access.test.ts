import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor, userByEmail } from '../../test/factories.ts';

// SPEC 4 on the server: an applicant only ever sees their own application page (and help), whatever they call.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('applicant@demo.test');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersFor(token), ...(payload ? { payload } : {}) });

describe('an applicant', () => {
  it('is refused the rest of the app: projects, community, teams, people, leaderboard', async () => {
    const me = await userByEmail(t.ctx.db, 'admin@demo.test');
    for (const [method, url, payload] of [
      ['GET', '/api/projects'],
      ['GET', '/api/training-library'],
      ['GET', '/api/feed'],
      ['POST', '/api/posts', { body: 'Hello' }],
      ['GET', '/api/teams'],
      ['GET', '/api/teams/discover'],
      ['GET', '/api/leaderboard'],
      ['GET', `/api/users/${me.id}/profile`],
      ['POST', `/api/users/${me.id}/follow`],
      ['GET', '/api/stats'],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({
        message: 'Applicants can only see their application until it is accepted',
        code: 'applicant',
      });
    }
  });

  it('keeps their session, the shell polls and their own application', async () => {
    const applicant = await userByEmail(t.ctx.db, 'applicant@demo.test');
    const [application] = await t.ctx.db.select().from(applicants).where(eq(applicants.userId, applicant.id));
    for (const url of [
      '/api/me',
      '/api/notifications',
      '/api/chat/seen',
      `/api/applicants/${application!.id}`,
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(200);
    }
  });
});
