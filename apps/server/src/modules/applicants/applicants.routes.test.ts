import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, applications } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor, userByEmail } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let applicantId: string;
let formId: string;
let acmeFormId: string;
let acmeApplicantId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const applicant = await userByEmail(t.ctx.db, 'applicant@demo.test');
  const [row] = await t.ctx.db.select().from(applicants).where(eq(applicants.userId, applicant.id));
  applicantId = row!.id;
  formId = row!.applicationId;
  const [acmeForm] = await t.ctx.db
    .insert(applications)
    .values({ clientId: ids.acme, title: 'Acme crew intake' })
    .returning();
  acmeFormId = acmeForm!.id;
  const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme, role: 'APPLICANT' });
  const [acmeApplicant] = await t.ctx.db
    .insert(applicants)
    .values({ clientId: ids.acme, applicationId: acmeFormId, userId: acmeUser.id })
    .returning();
  acmeApplicantId = acmeApplicant!.id;
});
afterAll(() => t.close());

const getApplicant = (token: string, id: string) =>
  t.app.inject({ url: `/api/applicants/${id}`, headers: headersFor(token) });

describe('GET /api/applicants/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: `/api/applicants/${randomUUID()}` });
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await getApplicant(await t.login('applicant@demo.test'), 'first');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a valid id/);
  });

  it('answers 403 client_paused to an applicant of a paused client', async () => {
    await expectBlockedWhilePaused(
      t,
      { url: `/api/applicants/${applicantId}` },
      {
        member: await t.login('applicant@demo.test'),
        admin: await t.login('admin@demo.test'),
      },
    );
  });

  it("answers 404 for someone else's application to a member, an applicant and a lead with team tags", async () => {
    const other = await createUser(t.ctx.db, { clientId: ids.demo, role: 'APPLICANT' });
    for (const email of ['member@demo.test', other.email!, 'lead@demo.test']) {
      const res = await getApplicant(await t.login(email), applicantId);
      expect(res.statusCode, email).toBe(404);
      expect(res.json()).toEqual({ message: 'Application not found' });
    }
  });

  it("answers 404 for another client's applicant, even to an admin, and for an unknown id", async () => {
    const admin = await t.login('admin@demo.test');
    for (const id of [acmeApplicantId, randomUUID()]) {
      expect((await getApplicant(admin, id)).statusCode).toBe(404);
    }
  });

  it('answers the applicant their own application', async () => {
    const res = await getApplicant(await t.login('applicant@demo.test'), applicantId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      applicant: {
        id: applicantId,
        status: 'pending',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        application: { id: formId, title: 'Brand Ambassador Programme 2026' },
      },
    });
  });

  it('answers those who review applicants: an admin and a lead without team tags', async () => {
    const globalLead = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ANALYST', teamTags: [] });
    for (const token of [await t.login('admin@demo.test'), await t.login(globalLead.email!)]) {
      const res = await getApplicant(token, applicantId);
      expect(res.statusCode).toBe(200);
      expect(res.json().applicant.id).toBe(applicantId);
    }
  });
});

describe('GET /api/applications/{id}', () => {
  it('answers 400 for an id that is not a UUID', async () => {
    const res = await t.app.inject({ url: '/api/applications/brand', headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a valid id/);
  });

  it("answers 404 for another client's form, a closed form and an unknown id", async () => {
    const [closed] = await t.ctx.db
      .insert(applications)
      .values({ clientId: ids.demo, title: 'Closed', isOpen: false })
      .returning();
    for (const id of [acmeFormId, closed!.id, randomUUID()]) {
      const res = await t.app.inject({ url: `/api/applications/${id}`, headers: { host: DEMO_HOST } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This application form does not exist or is closed' });
    }
  });

  it('answers an open form of this client without a session', async () => {
    const res = await t.app.inject({ url: `/api/applications/${formId}`, headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      application: {
        id: formId,
        title: 'Brand Ambassador Programme 2026',
        description: 'Tell us why you love the brand and how you share it.',
        client_name: 'Demo',
      },
    });
    const acme = await t.app.inject({ url: `/api/applications/${acmeFormId}`, headers: { host: ACME_HOST } });
    expect(acme.json().application.client_name).toBe('Acme');
  });
});
