import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, applications, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, userByEmail } from '../../test/factories.ts';
import { applicantRows } from './applicants.fixture.ts';
import {
  countClientTeams,
  findApplicant,
  findApplicantQueue,
  findApplicantsForExport,
  findApplications,
  findOpenApplication,
  getApplication,
  promoteApplicantUser,
  setApplicantStatus,
  updateAnswers,
  updateApplication,
} from './applicants.repository.ts';

/**
 * Every applicants repository function given the other client's id: the Demo client's form and applicant are
 * neither found nor changed.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let applicantId: string;
let applicationId: string;
let userId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const user = await userByEmail(t.ctx.db, 'applicant@demo.test');
  userId = user.id;
  const [row] = await t.ctx.db.select().from(applicants).where(eq(applicants.userId, user.id));
  applicantId = row!.id;
  applicationId = row!.applicationId;
});
afterAll(() => t.close());

describe('applicants repository with another client’s id', () => {
  it('finds neither the form nor the applicant, in lists or alone', async () => {
    const clientId = ids.acme;
    expect(await findApplicant(t.ctx.db, { clientId: ids.demo, applicantId })).toBeDefined();
    expect(await findApplicant(t.ctx.db, { clientId, applicantId })).toBeUndefined();
    expect(await getApplication(t.ctx.db, { clientId, applicationId })).toBeUndefined();
    expect(await findOpenApplication(t.ctx.db, { clientId, applicationId })).toBeUndefined();
    const forms = await findApplications(t.ctx.db, { clientId, query: { limit: 100 } });
    expect(forms.items.map((f) => f.id)).not.toContain(applicationId);
    const queue = await findApplicantQueue(t.ctx.db, { clientId, query: { limit: 100 } });
    expect(queue.items.map((a) => a.id)).not.toContain(applicantId);
    const csv = await findApplicantsForExport(t.ctx.db, { clientId, query: {}, limit: 100 });
    expect(csv.map((a) => a.id)).not.toContain(applicantId);
    const [demoTeam] = await t.ctx.db.query.teams.findMany({
      where: (tm, { eq: is }) => is(tm.clientId, ids.demo),
    });
    expect(await countClientTeams(t.ctx.db, { clientId, ids: [demoTeam!.id] })).toBe(0);
  });

  it('changes neither the form, the answers, the status nor the person', async () => {
    const clientId = ids.acme;
    const before = await applicantRows(t.ctx.db);
    await updateApplication(t.ctx.db, { clientId, applicationId, set: { title: 'Taken over' } });
    await updateAnswers(t.ctx.db, { clientId, applicantId, answers: { why: 'overwritten' } });
    expect(
      await setApplicantStatus(t.ctx.db, {
        clientId,
        applicantId,
        status: 'approved',
        note: null,
        deciderId: null,
      }),
    ).toBe(false);
    await promoteApplicantUser(t.ctx.db, { clientId, userId });
    expect(await applicantRows(t.ctx.db)).toBe(before);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user!.role).toBe('APPLICANT');
    const [form] = await t.ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(form!.title).toBe('Brand Ambassador Programme 2026');
  });
});
