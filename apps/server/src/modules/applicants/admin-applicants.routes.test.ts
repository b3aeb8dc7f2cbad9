import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  applications,
  auditLog,
  notifications,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, headersFor, mailsTo } from '../../test/factories.ts';
import { applicantRow, applicantRows, applyOk, createForm, GOOD_ANSWERS } from './applicants.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let globalLead: string;
let globalLeadId: string;
let formId: string;
let teamId: string;
let acmeFormId: string;
let acmeApplicantId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
  const lead = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ANALYST', teamTags: [] });
  globalLead = await t.login(lead.email!);
  globalLeadId = lead.id;
  teamId = (await createTeam(t.ctx.db, { clientId: ids.demo })).id;
  formId = await createForm(t, admin, { team_ids: [teamId] });
  const [acmeForm] = await t.ctx.db
    .insert(applications)
    .values({ clientId: ids.acme, title: 'Acme intake' })
    .returning();
  acmeFormId = acmeForm!.id;
  const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme, role: 'APPLICANT' });
  const [row] = await t.ctx.db
    .insert(applicants)
    .values({ clientId: ids.acme, applicationId: acmeFormId, userId: acmeUser.id })
    .returning();
  acmeApplicantId = row!.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
type Body = Record<string, unknown>;
const call = (token: string, method: Method, url: string, payload?: Body) =>
  t.app.inject({ method, url, headers: headersFor(token), ...(payload !== undefined && { payload }) });

/** Tokens of everyone outside leadOnly: a member, a lead with team tags and an applicant. */
async function outsiders() {
  return Promise.all(['member@demo.test', 'lead@demo.test', 'applicant@demo.test'].map((e) => t.login(e)));
}

const ROUTES: [Method, () => string, Body?][] = [
  ['GET', () => '/api/admin/applications'],
  ['POST', () => '/api/admin/applications', { title: 'New' }],
  ['GET', () => `/api/admin/applications/${formId}`],
  ['PATCH', () => `/api/admin/applications/${formId}`, { title: 'Renamed' }],
  ['GET', () => '/api/admin/applicants'],
  ['GET', () => '/api/admin/applicants/export'],
  ['POST', () => `/api/admin/applicants/${randomUUID()}/decision`, { decision: 'approve' }],
  ['POST', () => '/api/admin/applicants/decisions', { ids: [randomUUID()], decision: 'approve' }],
];

describe('every /api/admin/applications and /api/admin/applicants route', () => {
  it('answers 401 without a valid session of this client', async () => {
    for (const [method, url, payload] of ROUTES)
      await expectSessionRequired(t, { method, url: url(), payload });
  });

  it('answers 403 to a member, a lead with team tags and an applicant, changing nothing', async () => {
    const before = await applicantRows(t.ctx.db);
    for (const token of await outsiders()) {
      for (const [method, url, payload] of ROUTES) {
        const res = await call(token, method, url(), payload);
        expect(res.statusCode, `${method} ${url()}`).toBe(403);
      }
    }
    expect(await applicantRows(t.ctx.db)).toBe(before);
  });
});

describe('application forms', () => {
  it('answers 400 naming the field, and saves nothing', async () => {
    const before = await applicantRows(t.ctx.db);
    const bad: [Body, RegExp][] = [
      [{}, /title is required/],
      [
        { title: 'x', questions: [{ id: 'a', type: 'single_choice', label: 'Pick', options: ['one'] }] },
        /needs at least 2 choices/,
      ],
      [{ title: 'x', questions: [{ id: 'a', type: 'social_handle', label: 'IG' }] }, /needs a channel/],
      [{ title: 'x', questions: [{ id: 'a', type: 'poll', label: 'IG' }] }, /questions.type must be one of/],
      [{ title: 'x', team_ids: [randomUUID()] }, /team_ids must all be teams of this app/],
      [
        { title: 'x', rules: { approve_answer: { question_id: 'nope', value: 'y' } } },
        /rules.approve_answer must name a question/,
      ],
      [{ title: 'x', rules: { reject_domains: ['not a domain'] } }, /email domains such as example.com/],
      [{ title: 'x', cover_image_url: 'javascript:alert(1)' }, /cover_image_url must be an uploaded file/],
    ];
    for (const [payload, message] of bad) {
      const res = await call(admin, 'POST', '/api/admin/applications', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    for (const payload of [
      { title: ' ' },
      {
        questions: [
          { id: 'a', type: 'file', label: 'A' },
          { id: 'a', type: 'file', label: 'B' },
        ],
      },
    ]) {
      const res = await call(admin, 'PATCH', `/api/admin/applications/${formId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await applicantRows(t.ctx.db)).toBe(before);
  });

  it("answers 404 for another client's form", async () => {
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'Mine' }]] as const) {
      const res = await call(admin, method, `/api/admin/applications/${acmeFormId}`, payload);
      expect(res.statusCode).toBe(404);
    }
    const [acme] = await t.ctx.db.select().from(applications).where(eq(applications.id, acmeFormId));
    expect(acme!.title).toBe('Acme intake');
  });

  it('creates, edits (partially) and lists forms for an admin and a lead of every team, with audit rows', async () => {
    const res = await call(globalLead, 'POST', '/api/admin/applications', {
      title: 'Creators 2027',
      description: 'Make things',
      questions: [{ id: 'q1', type: 'short_text', label: 'Name your city', required: true }],
      team_ids: [teamId],
      rules: { approve_domains: ['@Brand.Example'] },
      is_open: false,
    });
    expect(res.statusCode).toBe(201);
    const form = res.json().application;
    expect(form).toMatchObject({
      title: 'Creators 2027',
      is_open: false,
      team_ids: [teamId],
      rules: { approve_domains: ['brand.example'], reject_domains: [], approve_answer: null },
      waiting_count: 0,
    });
    expect(form.public_url).toMatch(new RegExp(`/apply/${form.id}$`));
    const patched = await call(admin, 'PATCH', `/api/admin/applications/${form.id}`, { is_open: true });
    expect(patched.json().application).toMatchObject({
      is_open: true,
      title: 'Creators 2027',
      team_ids: [teamId],
    });
    const list = await call(admin, 'GET', '/api/admin/applications?limit=1');
    expect(list.json().applications.map((a: { id: string }) => a.id)).toEqual([form.id]);
    expect(list.json().next_cursor).toBe(form.id);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.target, form.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['application.create', 'application.update']);
  });
});

describe('the review queue', () => {
  it('answers 400 for a bad filter', async () => {
    for (const q of ['status=maybe', 'from=yesterday', 'application=abc', 'limit=0']) {
      expect((await call(admin, 'GET', `/api/admin/applicants?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('filters by form, status, date and search, pages by SPEC 7, and never shows another client', async () => {
    const a = await applyOk(t, formId, { first_name: 'Quentin', last_name: 'Queue' });
    const b = await applyOk(t, formId);
    const page = await call(globalLead, 'GET', `/api/admin/applicants?application=${formId}&limit=1`);
    expect(page.json().applicants.map((x: { id: string }) => x.id)).toEqual([b.applicantId]);
    const next = await call(
      admin,
      'GET',
      `/api/admin/applicants?application=${formId}&limit=1&cursor=${page.json().next_cursor}`,
    );
    expect(next.json().applicants[0].id).toBe(a.applicantId);
    const found = await call(admin, 'GET', '/api/admin/applicants?q=quentin');
    expect(found.json().applicants.map((x: { id: string }) => x.id)).toEqual([a.applicantId]);
    expect(found.json().applicants[0]).toMatchObject({
      status: 'pending',
      person: { display_name: 'Quentin Queue' },
    });
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call(admin, 'GET', `/api/admin/applicants?from=${today}&to=${today}&status=pending`);
    expect(dated.json().applicants.length).toBeGreaterThanOrEqual(2);
    const old = await call(admin, 'GET', '/api/admin/applicants?to=2001-01-01');
    expect(old.json().applicants).toEqual([]);
    const all = await call(admin, 'GET', '/api/admin/applicants?limit=100');
    expect(all.json().applicants.map((x: { id: string }) => x.id)).not.toContain(acmeApplicantId);
  });

  it('exports CSV with formula cells defused', async () => {
    await applyOk(t, formId, { first_name: '=HYPERLINK("x")', answers: { ...GOOD_ANSWERS, why: '+1 cmd' } });
    const res = await call(admin, 'GET', `/api/admin/applicants/export?application=${formId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, first] = res.body.split('\r\n');
    expect(header).toBe(
      '"Submitted","Status","Form","Name","Email","Email verified","Reviewer message","Why join?","Where do you post?","Instagram profile","Portfolio","I agree to the rules"',
    );
    expect(first).toContain(`"'=HYPERLINK(""x"") Applicant"`);
    expect(first).toContain(`"'+1 cmd"`);
  });

  it('audits every export with its actor, filters and row count; a refused or invalid one leaves no row', async () => {
    const exports = () =>
      t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'applicant.export')).orderBy(auditLog.id);
    const before = (await exports()).length;
    for (const token of await outsiders()) {
      expect((await call(token, 'GET', '/api/admin/applicants/export')).statusCode).toBe(403);
    }
    expect((await call(admin, 'GET', '/api/admin/applicants/export?status=maybe')).statusCode).toBe(400);
    expect(await exports()).toHaveLength(before);

    const form = await createForm(t, admin);
    await applyOk(t, form, { first_name: 'Exported' });
    await applyOk(t, form, { first_name: 'Exported' });
    const today = new Date().toISOString().slice(0, 10);
    const res = await call(
      globalLead,
      'GET',
      `/api/admin/applicants/export?application=${form}&status=pending&from=${today}&q=exported`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(3);
    const rows = (await exports()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: ids.demo, userId: globalLeadId, target: null });
    expect(rows[0]!.data).toEqual({
      application: form,
      status: 'pending',
      from: today,
      q: 'exported',
      rows: 2,
    });

    const unknownForm = randomUUID();
    expect(
      (await call(admin, 'GET', `/api/admin/applicants/export?application=${unknownForm}`)).statusCode,
    ).toBe(200);
    const [, empty] = (await exports()).slice(before);
    expect(empty!.userId).not.toBe(globalLeadId);
    expect(empty!.data).toEqual({ application: unknownForm, rows: 0 });
  });
});

describe('decisions', () => {
  const decide = (token: string, id: string, payload: Body) =>
    call(token, 'POST', `/api/admin/applicants/${id}/decision`, payload);

  it('answers 400 without a reason to reject or a message to ask for information, changing nothing', async () => {
    const { applicantId } = await applyOk(t, formId);
    for (const payload of [
      { decision: 'reject' },
      { decision: 'request_info', message: ' ' },
      { decision: 'maybe' },
    ]) {
      expect((await decide(admin, applicantId, payload)).statusCode).toBe(400);
    }
    expect((await applicantRow(t.ctx.db, applicantId)).status).toBe('pending');
  });

  it("answers 404 for another client's applicant and leaves it as it was", async () => {
    expect((await decide(admin, acmeApplicantId, { decision: 'approve' })).statusCode).toBe(404);
    expect((await applicantRow(t.ctx.db, acmeApplicantId)).status).toBe('pending');
  });

  it('approves: USER in the form’s teams, audit row, in-app notice and welcome mail; a second decision is 409', async () => {
    const { applicantId, email } = await applyOk(t, formId);
    const res = await decide(admin, applicantId, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    const row = await applicantRow(t.ctx.db, applicantId);
    expect(row.status).toBe('approved');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, row.userId!));
    expect(user!.role).toBe('USER');
    const member = await t.ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, user!.id), eq(teamMembers.teamId, teamId)));
    expect(member).toHaveLength(1);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'applicant.approve'));
    expect(audit).toMatchObject({
      target: user!.id,
      data: expect.objectContaining({ applicant_id: applicantId }),
    });
    await t.ctx.jobs.drain();
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, user!.id));
    expect(notes.map((n) => n.kind)).toEqual(['application_update']);
    expect((await mailsTo(t.ctx.db, email)).at(-1)!.text).toMatch(/is approved/);
    expect((await decide(admin, applicantId, { decision: 'reject', message: 'late' })).statusCode).toBe(409);
  });

  it('rejects with the reason and asks for information (the applicant may edit again)', async () => {
    const one = await applyOk(t, formId);
    await decide(globalLead, one.applicantId, { decision: 'reject', message: 'Not a fit this year' });
    expect(await applicantRow(t.ctx.db, one.applicantId)).toMatchObject({
      status: 'rejected',
      reviewNote: 'Not a fit this year',
    });
    expect((await mailsTo(t.ctx.db, one.email)).at(-1)!.text).toMatch(/Reason: Not a fit this year/);
    const two = await applyOk(t, formId);
    await decide(admin, two.applicantId, { decision: 'request_info', message: 'Add your Instagram' });
    const own = await call(two.token, 'GET', `/api/applicants/${two.applicantId}`);
    expect(own.json().applicant).toMatchObject({
      status: 'info_requested',
      review_note: 'Add your Instagram',
      abilities: { can_edit: true },
    });
  });

  it('decides in bulk, skipping decided, unknown and other clients’ applicants', async () => {
    const one = await applyOk(t, formId);
    const two = await applyOk(t, formId);
    await decide(admin, two.applicantId, { decision: 'approve' });
    expect(
      (await call(admin, 'POST', '/api/admin/applicants/decisions', { ids: [], decision: 'approve' }))
        .statusCode,
    ).toBe(400);
    const res = await call(admin, 'POST', '/api/admin/applicants/decisions', {
      ids: [one.applicantId, two.applicantId, acmeApplicantId, randomUUID()],
      decision: 'reject',
      message: 'Programme full',
    });
    expect(res.json()).toEqual({ decided: 1, skipped: 3 });
    expect((await applicantRow(t.ctx.db, one.applicantId)).status).toBe('rejected');
    expect((await applicantRow(t.ctx.db, two.applicantId)).status).toBe('approved');
    expect((await applicantRow(t.ctx.db, acmeApplicantId)).status).toBe('pending');
  });
});
