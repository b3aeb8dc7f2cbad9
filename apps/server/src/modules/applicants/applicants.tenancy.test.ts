import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, userByEmail } from '../../test/factories.ts';
import { findApplicant, findOpenApplication } from './applicants.repository.ts';

/**
 * The applicants repository only reads (no UPDATE or DELETE to try): with the other client's id, the first
 * client's applicant and application form are not found.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('applicants reads with another client’s id', () => {
  it('find neither the applicant nor the application form', async () => {
    const user = await userByEmail(t.ctx.db, 'applicant@demo.test');
    const [row] = await t.ctx.db.select().from(applicants).where(eq(applicants.userId, user.id));
    const applicantId = row!.id;
    const applicationId = row!.applicationId;
    expect(await findApplicant(t.ctx.db, { clientId: ids.demo, applicantId })).toBeDefined();
    expect(await findOpenApplication(t.ctx.db, { clientId: ids.demo, applicationId })).toBeDefined();
    expect(await findApplicant(t.ctx.db, { clientId: ids.acme, applicantId })).toBeUndefined();
    expect(await findOpenApplication(t.ctx.db, { clientId: ids.acme, applicationId })).toBeUndefined();
  });
});
