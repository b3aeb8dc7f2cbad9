import { USER_IMPORT_MAX_BYTES } from '@rally/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs, teamMembers, userImportRows, users } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createUser, headersFor, mailsTo, unique } from '../../test/factories.ts';

/**
 * CSV invitation import: the file is read at once (400 for a file that is not an import CSV, nothing created), the
 * rows are checked, invited and mailed by a durable job whose progress GET …/imports/{id} answers; per-row errors
 * (SPEC 5 email, SPEC 6 roles and teams), and a re-run creates nobody twice.
 */

const f = useAdminFixture();
const URL = '/api/admin/users/imports';
const post = (token: string, csv: string, host?: string, type = 'text/csv') =>
  f.t.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...headersFor(token, host), 'content-type': type },
    payload: csv,
  });
const read = (token: string, id: string, host?: string) =>
  f.t.app.inject({ method: 'GET', url: `${URL}/${id}`, headers: headersFor(token, host) });
const importJobs = () => f.t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'users.import'));
const newEmail = () => `${unique('csv')}@example.test`;
const byEmails = (emails: string[]) => f.t.ctx.db.select().from(users).where(inArray(users.email, emails));

/** Imports a CSV as `token`, runs the job and answers the finished import. */
async function runImport(token: string, csv: string) {
  const res = await post(token, csv);
  expect(res.statusCode, res.body).toBe(202);
  await f.t.ctx.jobs.drain();
  const done = await read(token, res.json().import.id);
  expect(done.statusCode).toBe(200);
  return done.json().import;
}

describe('POST /api/admin/users/imports', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'text/csv' },
      payload: 'email\na@example.test\n',
    });
  });

  it('answers 400 naming the problem for a file that is not an import CSV, and creates nothing', async () => {
    const before = (await importJobs()).length;
    const email = newEmail();
    for (const [csv, message] of [
      ['', /file is empty/],
      ['role,teams\nUSER,Sales\n', /file needs an email column/],
      [`email,phone\n${email},123\n`, /unknown column "phone"/],
      ['email\n\n\n', /file has no rows/],
      [`email\n"${email}\n`, /never closed/],
      [`email,email\n${email},${email}\n`, /names a column twice/],
    ] as const) {
      const res = await post(f.tokens.admin, csv);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const json = await f.send('POST', URL, f.tokens.admin, { email });
    expect(json.statusCode).toBe(400);
    const big = await post(f.tokens.admin, `email\n${'x'.repeat(USER_IMPORT_MAX_BYTES)}\n`);
    expect(big.statusCode).toBe(413);
    expect(await importJobs()).toHaveLength(before);
    expect(await byEmails([email])).toEqual([]);
  });

  it('answers 403 to a member and an applicant', async () => {
    const applicant = await f.t.login('applicant@demo.test');
    for (const token of [f.tokens.member, applicant!]) {
      const res = await post(token, `email\n${newEmail()}\n`);
      expect(res.statusCode).toBe(403);
    }
  });

  it('turns rows beyond SPEC 6 of a team lead into row errors and invites the rest into their team', async () => {
    const [ok, admin, other, none] = [newEmail(), newEmail(), newEmail(), newEmail()];
    const result = await runImport(
      f.tokens.lead,
      `email,role,teams\n${ok},USER,Sales\n${admin},ADMIN,Sales\n${other},USER,Marketing\n${none},USER,\n`,
    );
    expect(result.errors).toEqual([
      { row: 3, column: 'role', message: 'Only admins can grant the admin role' },
      { row: 4, column: 'teams', message: 'You can only add people to the Teams you lead' },
      { row: 5, column: 'teams', message: 'teams must name one of the Teams you lead' },
    ]);
    expect(result.invited.map((p: { email: string }) => p.email)).toEqual([ok]);
    const created = await byEmails([ok, admin, other, none]);
    expect(created.map((u) => u.email)).toEqual([ok]);
    const memberships = await f.t.ctx.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, created[0]!.id));
    expect(memberships.map((m) => m.teamId)).toEqual([f.team.Sales]);
  });
});

describe('GET /api/admin/users/imports/{id}', () => {
  it('answers 404 for an import of another client and 400 for a malformed id', async () => {
    const res = await post(f.tokens.admin, `email\n${newEmail()}\n`);
    const id = res.json().import.id;
    expect((await read(f.tokens.acmeAdmin, id, ACME_HOST)).statusCode).toBe(404);
    expect((await read(f.tokens.admin, 'nope')).statusCode).toBe(400);
    expect((await read(f.tokens.member, id)).statusCode).toBe(403);
    await f.t.ctx.jobs.drain();
  });

  it("shows an import to its author and the admins only: a lead gets 404 for an admin's import", async () => {
    const email = newEmail();
    const byAdmin = (await post(f.tokens.admin, `email\n${email}\n`)).json().import.id;
    const byLead = (await post(f.tokens.lead, `email,teams\n${newEmail()},Sales\n`)).json().import.id;
    await f.t.ctx.jobs.drain();
    const refused = await read(f.tokens.lead, byAdmin);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Import not found' });
    expect(refused.body).not.toContain(email);
    const own = await read(f.tokens.lead, byLead);
    expect(own.statusCode).toBe(200);
    expect((await read(f.tokens.admin, byLead)).statusCode).toBe(200);
    expect((await read(f.tokens.admin, byAdmin)).json().import.invited).toEqual([
      expect.objectContaining({ email }),
    ]);
  });
});

describe('an import from start to finish', () => {
  it("names a team in a row's error by the client's word (issue 23): Acme's is a Squad", async () => {
    const res = await post(f.tokens.acmeAdmin, `email,teams\n${newEmail()},Nowhere\n`, ACME_HOST);
    expect(res.statusCode, res.body).toBe(202);
    await f.t.ctx.jobs.drain();
    const result = (await read(f.tokens.acmeAdmin, res.json().import.id, ACME_HOST)).json().import;
    expect(result.errors).toEqual([{ row: 2, column: 'teams', message: 'Unknown Squad "Nowhere"' }]);
  });

  it('checks every row, invites and mails the valid ones, reports the rest, and creates nothing twice', async () => {
    const [a, b] = [newEmail(), newEmail()];
    const csv = [
      'email,role,teams,first_name,last_name',
      `${a},user,Marketing;Sales,Ana,"Ruiz, Jr."`,
      'not-an-email,USER,,,',
      `${b},ANALYST,,,`,
      `${newEmail()},OWNER,,,`,
      `${newEmail()},USER,Nowhere,,`,
      'MEMBER@demo.test,USER,,,',
      `${a.toUpperCase()},USER,,,`,
    ].join('\r\n');
    const res = await post(f.tokens.admin, csv);
    expect(res.statusCode).toBe(202);
    expect(res.json().import).toMatchObject({ status: 'running', step: 'check', percent: 0, rows: 7 });

    await f.t.ctx.jobs.drain();
    const result = (await read(f.tokens.admin, res.json().import.id)).json().import;
    expect(result).toMatchObject({ status: 'done', step: 'email', percent: 100, error: null });
    expect(result.errors).toEqual([
      { row: 3, column: 'email', message: 'Email must be a valid email address' },
      { row: 5, column: 'role', message: 'role must be one of USER, ANALYST, ADMIN' },
      { row: 6, column: 'teams', message: 'Unknown Team "Nowhere"' },
      { row: 8, column: 'email', message: 'Email is already on row 2' },
    ]);
    expect(result.skipped).toEqual([{ row: 7, email: 'MEMBER@demo.test', reason: 'already_member' }]);
    expect(result.invited.map((p: { row: number; email: string }) => [p.row, p.email])).toEqual([
      [2, a],
      [4, b],
    ]);

    const created = await byEmails([a, b]);
    const ana = created.find((u) => u.email === a)!;
    expect(ana).toMatchObject({ role: 'USER', firstName: 'Ana', lastName: 'Ruiz, Jr.', passwordHash: null });
    expect(created.find((u) => u.email === b)!.role).toBe('ANALYST');
    const teamsOfAna = await f.t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, ana.id));
    expect(teamsOfAna.map((m) => m.teamId).sort()).toEqual([f.team.Marketing, f.team.Sales].sort());
    const [mail] = await mailsTo(f.t.ctx.db, a);
    expect(mail!.text).toMatch(/\/reset\?invite=[A-Za-z0-9_-]+/);
    expect(await mailsTo(f.t.ctx.db, b)).toHaveLength(1);
    const audit = await f.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.import'), eq(auditLog.clientId, f.ids.demo)));
    expect(audit.at(-1)!.data).toEqual({ rows: 7, invited: 2, skipped: 1, errors: 4 });

    // The same file again: everyone is there already, nothing is created or mailed twice.
    const again = await runImport(f.tokens.admin, csv);
    expect(again.invited).toEqual([]);
    expect(again.skipped).toEqual([
      { row: 2, email: a, reason: 'already_invited' },
      { row: 4, email: b, reason: 'already_invited' },
      { row: 7, email: 'MEMBER@demo.test', reason: 'already_member' },
    ]);
    expect(await byEmails([a, b])).toHaveLength(2);
    expect(await mailsTo(f.t.ctx.db, a)).toHaveLength(1);
  });

  it('works in committed batches: a run cut off while mailing resumes and nobody is created or mailed twice', async () => {
    const emails = Array.from({ length: 45 }, () => newEmail());
    // A mail server that goes away after 25 messages (the outbox behind it is the real one). The app's own runner
    // runs the job, as it would in production; its mailer is the context's.
    const mailer = f.t.ctx.mailer;
    let sent = 0;
    f.t.ctx.mailer = {
      ...mailer,
      async send(mail) {
        if (++sent > 25) throw new Error('SMTP connection lost');
        await mailer.send(mail);
      },
    };
    let id = '';
    try {
      const res = await post(f.tokens.admin, ['email', ...emails].join('\n'));
      expect(res.statusCode).toBe(202);
      id = res.json().import.id;
      await f.t.ctx.jobs.drain();
    } finally {
      f.t.ctx.mailer = mailer;
    }
    const [failed] = await f.t.ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(failed).toMatchObject({ error: 'SMTP connection lost', doneAt: null });
    const halfway = (await read(f.tokens.admin, id)).json().import;
    expect(halfway).toMatchObject({ status: 'running', step: 'email', invited: [] });
    expect(halfway.percent).toBeGreaterThan(66);
    expect(halfway.percent).toBeLessThan(100);
    const rows = await f.t.ctx.db.select().from(userImportRows).where(eq(userImportRows.importId, id));
    expect(rows.filter((r) => r.outcome === 'invited')).toHaveLength(45);
    expect(rows.filter((r) => r.emailed)).toHaveLength(25);
    // What the job stored is all it needs: the file itself is gone from its payload once checked.
    expect(failed!.payload).toMatchObject({ importId: id, rowCount: 45, step: 'email', csv: '' });

    // The retry (due at once here rather than after its back-off) finishes the rest.
    await f.t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id));
    await f.t.ctx.jobs.drain();
    const done = (await read(f.tokens.admin, id)).json().import;
    expect(done).toMatchObject({ status: 'done', percent: 100 });
    expect(done.invited).toHaveLength(45);
    expect(await byEmails(emails)).toHaveLength(45);
    for (const email of emails) expect(await mailsTo(f.t.ctx.db, email)).toHaveLength(1);
    await f.t.ctx.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('finishes an import started before its rows had a table, and answers it by its old id', async () => {
    const [first, second] = [
      await createUser(f.t.ctx.db, { clientId: f.ids.demo, email: newEmail(), passwordHash: null }),
      await createUser(f.t.ctx.db, { clientId: f.ids.demo, email: newEmail(), passwordHash: null }),
    ];
    const [admin] = await byEmails(['admin@demo.test']);
    const oldId = crypto.randomUUID();
    const pendingEmail = newEmail();
    await f.t.ctx.db.insert(jobs).values({
      kind: 'users.import',
      payload: {
        importId: oldId,
        clientId: f.ids.demo,
        actor: { id: admin!.id, role: 'ADMIN', team_tags: [] },
        client: { name: 'Demo', linkOrigin: 'http://localhost:3000' },
        rows: [2, 3, 4, 5].map((row) => ({ row, cells: {} })),
        step: 'invite',
        percent: 40,
        status: 'running',
        pending: [
          { row: 2, email: first.email, role: 'USER', teamIds: [], firstName: null, lastName: null },
          { row: 3, email: second.email, role: 'USER', teamIds: [], firstName: null, lastName: null },
          { row: 4, email: pendingEmail, role: 'USER', teamIds: [], firstName: 'Pat', lastName: null },
        ],
        invited: [
          { row: 2, email: first.email, user_id: first.id },
          { row: 3, email: second.email, user_id: second.id },
        ],
        skipped: [],
        errors: [{ row: 5, column: 'email', message: 'Email must be a valid email address' }],
        cursor: 2,
        emailed: 1,
      },
    });
    const running = (await read(f.tokens.admin, oldId)).json().import;
    expect(running).toMatchObject({ status: 'running', step: 'invite', percent: 40, rows: 4 });
    await f.t.ctx.jobs.drain();
    const done = (await read(f.tokens.admin, oldId)).json().import;
    expect(done).toMatchObject({ status: 'done', percent: 100, rows: 4, skipped: [] });
    expect(done.errors).toEqual([
      { row: 5, column: 'email', message: 'Email must be a valid email address' },
    ]);
    expect(done.invited.map((p: { row: number }) => p.row)).toEqual([2, 3, 4]);
    // The one mailed before is not mailed again; the other two are.
    expect(await mailsTo(f.t.ctx.db, first.email!)).toHaveLength(0);
    expect(await mailsTo(f.t.ctx.db, second.email!)).toHaveLength(1);
    expect(await mailsTo(f.t.ctx.db, pendingEmail)).toHaveLength(1);
    expect((await byEmails([pendingEmail]))[0]).toMatchObject({ firstName: 'Pat', passwordHash: null });
  });

  it("forgets an erased member's rows in the imports that named them", async () => {
    const email = newEmail();
    const done = await runImport(f.tokens.admin, `email\n${email}\n`);
    const userId = done.invited[0].user_id;
    const erased = await f.t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/erase`,
      headers: headersFor(f.tokens.admin),
      payload: { confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await f.t.ctx.db.select().from(userImportRows).where(eq(userImportRows.email, email))).toEqual([]);
    expect((await read(f.tokens.admin, done.id)).json().import.invited).toEqual([]);
  });
});
