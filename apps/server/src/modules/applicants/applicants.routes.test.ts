import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, applications, users } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createUser,
  headersFor,
  mailsTo,
  tokenFromMail,
  uploadFile,
  userByEmail,
} from '../../test/factories.ts';
import {
  applicantRow,
  applicantRows,
  apply,
  applyOk,
  createForm,
  GOOD_ANSWERS,
} from './applicants.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let applicantId: string;
let formId: string;
let acmeFormId: string;
let acmeApplicantId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
  const applicant = await userByEmail(t.ctx.db, 'applicant@demo.test');
  const [row] = await t.ctx.db.select().from(applicants).where(eq(applicants.userId, applicant.id));
  applicantId = row!.id;
  formId = await createForm(t, admin);
  const [acmeForm] = await t.ctx.db
    .insert(applications)
    .values({ clientId: ids.acme, title: 'Acme intake' })
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
const patchAnswers = (token: string, id: string, answers: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/applicants/${id}`,
    headers: headersFor(token),
    payload: { answers },
  });

describe('GET /api/applications/{id}', () => {
  it('answers 400 for an id that is not a UUID', async () => {
    const res = await t.app.inject({ url: '/api/applications/brand', headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a valid id/);
  });

  it("answers 404 for another client's form, a closed form and an unknown id", async () => {
    const closed = await createForm(t, admin, { is_open: false });
    for (const id of [acmeFormId, closed, randomUUID()]) {
      const res = await t.app.inject({ url: `/api/applications/${id}`, headers: { host: DEMO_HOST } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This application form does not exist or is closed' });
    }
  });

  it('answers an open form of this client with its questions, without a session', async () => {
    const res = await t.app.inject({ url: `/api/applications/${formId}`, headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    const { application } = res.json();
    expect(application).toMatchObject({ id: formId, client_name: 'Demo', cover_image_url: null });
    expect(application.questions.map((q: { id: string }) => q.id)).toEqual([
      'why',
      'where',
      'ig',
      'cv',
      'ok',
    ]);
  });
});

describe('POST /api/applications/{id}/applicants', () => {
  it('answers 400 naming the field or the question, and creates nothing', async () => {
    const before = await applicantRows(t.ctx.db);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: 'not-an-email' }, /Email must be a valid email address/],
      [{ password: 'short' }, /Password must be at least/],
      [{ first_name: ' ' }, /First name is required/],
      [{ answers: { ...GOOD_ANSWERS, why: '' } }, /Why join\? is required/],
      [{ answers: { ...GOOD_ANSWERS, where: 'Myspace' } }, /Where do you post\?: choose one of the options/],
      [{ answers: { ...GOOD_ANSWERS, ig: 'https://evil.example/ana' } }, /link to your Instagram profile/],
      [{ answers: { ...GOOD_ANSWERS, ok: false } }, /Please agree to continue: I agree to the rules/],
      [{ answers: { ...GOOD_ANSWERS, stray: 'x' } }, /answers.stray is not a question of this form/],
    ];
    for (const [body, message] of cases) {
      const res = await apply(t, formId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await applicantRows(t.ctx.db)).toBe(before);
  });

  it("answers 404 for a closed form or another client's form", async () => {
    const closed = await createForm(t, admin, { is_open: false });
    for (const id of [closed, acmeFormId]) expect((await apply(t, id)).statusCode).toBe(404);
  });

  it('answers 409 pointing to logging in when the email has an account, creating nothing', async () => {
    const before = await applicantRows(t.ctx.db);
    const res = await apply(t, formId, { email: 'Member@demo.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'An account with this email already exists. Log in to see your application, or reset your password.',
      code: 'email_taken',
    });
    expect(await applicantRows(t.ctx.db)).toBe(before);
  });

  it('creates an APPLICANT signed in with the answers, and mails the verification link', async () => {
    const res = await apply(t, formId, { email: 'New.Person@Example.test' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      user: { email: 'new.person@example.test', role: 'APPLICANT' },
    });
    expect(body.user.applications).toEqual([{ id: body.applicant_id, status: 'pending' }]);
    const row = await applicantRow(t.ctx.db, body.applicant_id);
    expect(row.answers).toEqual(GOOD_ANSWERS);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, row.userId!));
    expect(user!.emailVerifiedAt).toBeNull();
    const token = await tokenFromMail(t.ctx.db, 'new.person@example.test', 'verify');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: headersFor(),
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    // The session of the answer works: the applicant sees their page.
    const own = await getApplicant(body.token, body.applicant_id);
    expect(own.json().applicant).toMatchObject({
      status: 'pending',
      abilities: { can_edit: true, can_decide: false },
    });
  });

  it('decides at once under the form’s rules: a rejecting domain wins over an approving answer', async () => {
    const ruled = await createForm(t, admin, {
      rules: { approve_answer: { question_id: 'where', value: 'tiktok' }, reject_domains: ['spam.test'] },
    });
    const approved = await apply(t, ruled, { answers: { ...GOOD_ANSWERS, where: 'TikTok' } });
    expect(approved.json()).toMatchObject({ status: 'approved', user: { role: 'USER' } });
    const rejected = await apply(t, ruled, {
      email: 'bot@mail.spam.test',
      answers: { ...GOOD_ANSWERS, where: 'TikTok' },
    });
    expect(rejected.json().status).toBe('rejected');
    expect((await mailsTo(t.ctx.db, 'bot@mail.spam.test')).map((m) => m.subject)).toContain(
      `Your application to ${(await t.ctx.db.select().from(applications).where(eq(applications.id, ruled)))[0]!.title} was not accepted`,
    );
  });
});

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
      { member: await t.login('applicant@demo.test'), admin },
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
    for (const id of [acmeApplicantId, randomUUID()])
      expect((await getApplicant(admin, id)).statusCode).toBe(404);
  });

  it('answers the applicant their own application, and reviewers anyone’s', async () => {
    const own = await getApplicant(await t.login('applicant@demo.test'), applicantId);
    expect(own.statusCode).toBe(200);
    expect(own.json().applicant).toMatchObject({
      id: applicantId,
      status: 'pending',
      application: { title: 'Brand Ambassador Programme 2026' },
      person: { email: 'applicant@demo.test', display_name: 'Ava Applicant' },
      abilities: { can_edit: true, can_decide: false },
    });
    const globalLead = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ANALYST', teamTags: [] });
    for (const token of [admin, await t.login(globalLead.email!)]) {
      const res = await getApplicant(token, applicantId);
      expect(res.json().applicant.abilities).toEqual({ can_edit: false, can_decide: true });
    }
  });
});

describe('PATCH /api/applicants/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `/api/applicants/${randomUUID()}`,
      payload: { answers: {} },
    });
  });

  it('answers 400 for bad answers and changes nothing', async () => {
    const { applicantId: id, token } = await applyOk(t, formId);
    const before = await applicantRows(t.ctx.db);
    for (const answers of [
      { ...GOOD_ANSWERS, cv: 'https://elsewhere.test/x.pdf' },
      'text',
      { ...GOOD_ANSWERS, why: 5 },
    ]) {
      expect((await patchAnswers(token, id, answers)).statusCode).toBe(400);
    }
    expect(await applicantRows(t.ctx.db)).toBe(before);
  });

  it('answers 403 to reviewers (they decide, not edit) and to a decided application; 404 to a member', async () => {
    const { applicantId: id, token } = await applyOk(t, formId);
    expect((await patchAnswers(admin, id, GOOD_ANSWERS)).statusCode).toBe(403);
    expect((await patchAnswers(await t.login('member@demo.test'), id, GOOD_ANSWERS)).statusCode).toBe(404);
    await t.ctx.db.update(applicants).set({ status: 'rejected' }).where(eq(applicants.id, id));
    const decided = await patchAnswers(token, id, GOOD_ANSWERS);
    expect(decided.statusCode).toBe(403);
    expect(decided.json().message).toBe('This application is decided and can no longer be changed');
  });

  it("answers 404 for another client's applicant", async () => {
    const { token } = await applyOk(t, formId);
    expect((await patchAnswers(token, acmeApplicantId, GOOD_ANSWERS)).statusCode).toBe(404);
  });

  it('saves new answers (a file too) and sends an application waiting for information back to pending', async () => {
    const { applicantId: id, token } = await applyOk(t, formId);
    await t.ctx.db.update(applicants).set({ status: 'info_requested' }).where(eq(applicants.id, id));
    const foreign = await patchAnswers(token, id, {
      ...GOOD_ANSWERS,
      cv: '/api/files/0190a3c4-1111-7000-8000-000000000000.png',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Portfolio must be a file uploaded to this app');
    const cv = await uploadFile(t.app, token, { type: 'submission', objectId: ids.demo });
    const answers = { ...GOOD_ANSWERS, why: 'More detail', cv };
    const res = await patchAnswers(token, id, answers);
    expect(res.statusCode).toBe(200);
    expect(res.json().applicant).toMatchObject({ status: 'pending', answers });
  });
});
