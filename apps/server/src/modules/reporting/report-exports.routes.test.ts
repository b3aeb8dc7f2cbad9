import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs, reportExports } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createActivity, createProject, createShare, createUser, headersFor } from '../../test/factories.ts';
import { createBoardClient } from '../../test/factories-leaderboard.ts';
import { drainJobs } from '../../test/factories-notifications.ts';
import { cleanupJobHandler } from './commands/cleanup-exports.ts';
import { EXPORT_JOB, exportJobHandler } from './commands/export-report.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A client whose members' names start like spreadsheet formulas, each with a LinkedIn share. */
async function seedClient() {
  const board = await createBoardClient(t.ctx.db);
  const { clientId } = board;
  const admin = await createUser(t.ctx.db, { clientId, role: 'ADMIN' });
  const admin2 = await createUser(t.ctx.db, { clientId, role: 'ADMIN' });
  const analyst = await createUser(t.ctx.db, { clientId, role: 'ANALYST' });
  const project = await createProject(t.ctx.db, { clientId });
  const post = await createActivity(t.ctx.db, { clientId, projectId: project.id, type: 'social_post' });
  for (const [first, last] of [
    ['=HYPERLINK("http://evil")', 'X'],
    ['+1', 'Plus'],
    ['@SUM(A1)', 'At'],
  ]) {
    const u = await createUser(t.ctx.db, { clientId, firstName: first, lastName: last });
    await createShare(t.ctx.db, {
      clientId,
      userId: u.id,
      activityId: post.id,
      channel: 'linkedin',
      sharedAt: new Date(),
    });
  }
  const login = (email: string | null) => t.login(email!, board.host);
  return {
    board,
    project,
    tokens: {
      admin: await login(admin.email),
      admin2: await login(admin2.email),
      analyst: await login(analyst.email),
    },
  };
}

let a: Awaited<ReturnType<typeof seedClient>>;
let b: Awaited<ReturnType<typeof seedClient>>;
beforeAll(async () => {
  a = await seedClient();
  b = await seedClient();
});

const call = (
  token: string | undefined,
  method: 'GET' | 'POST',
  url: string,
  host: string,
  payload?: object,
) => t.app.inject({ method, url, headers: headersFor(token, host), payload });
const countExports = async () => (await t.ctx.db.select().from(reportExports)).length;

async function exportOf(token: string, host: string, body: object, report = 'members') {
  const res = await call(token, 'POST', `/api/admin/reports/${report}/exports`, host, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().export as { id: string; status: string; step: string; percent: number };
}

describe('POST /api/admin/reports/{report}/exports', () => {
  it('needs a session', async () => {
    await expectSessionRequired(t, {
      method: 'POST',
      url: '/api/admin/reports/members/exports',
      payload: { format: 'csv' },
    });
  });

  it('answers 400 naming the field, with nothing created', async () => {
    const before = await countExports();
    for (const [body, message] of [
      [{ format: 'pdf' }, 'format must be csv or xlsx'],
      [{ format: 'csv', sort: 'nope' }, 'sort must be one of'],
      [{ format: 'csv', to: 'yesterday' }, 'to must be a date'],
      [{ format: 'csv', network: 'linkedin' }, 'network'],
    ] as const) {
      const res = await call(a.tokens.admin, 'POST', '/api/admin/reports/badges/exports', a.board.host, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await countExports()).toBe(before);
  });

  it('is ADMIN only (403 for an ANALYST or a member)', async () => {
    const res = await call(a.tokens.analyst, 'POST', '/api/admin/reports/members/exports', a.board.host, {
      format: 'csv',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await call(
          await t.login('member@demo.test'),
          'POST',
          '/api/admin/reports/members/exports',
          'localhost',
          { format: 'csv' },
        )
      ).statusCode,
    ).toBe(403);
  });

  it("answers 404 for another client's project, with nothing created", async () => {
    const before = await countExports();
    const res = await call(a.tokens.admin, 'POST', '/api/admin/reports/members/exports', a.board.host, {
      format: 'csv',
      project_id: b.project.id,
    });
    expect(res.statusCode).toBe(404);
    expect(await countExports()).toBe(before);
  });

  it('runs as a job with ordered steps, then downloads a CSV whose formula-like cells are defused', async () => {
    const started = await exportOf(a.tokens.admin, a.board.host, {
      format: 'csv',
      sort: 'member',
      dir: 'asc',
    });
    expect(started).toMatchObject({ status: 'running', step: 'read', percent: 0 });
    await drainJobs(t);
    const url = `/api/admin/reports/members/exports/${started.id}`;
    const done = (await call(a.tokens.admin, 'GET', url, a.board.host)).json().export;
    expect(done).toMatchObject({ status: 'done', step: 'done', percent: 100, rows: 6 });
    expect(done.download_url).toBe(`${url}/file`);
    const file = await call(a.tokens.admin, 'GET', done.download_url, a.board.host);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="members-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Member","Email","Points","Shares","Clicks","Completions","Active seconds"');
    expect(lines).toHaveLength(7);
    expect(lines.slice(1, 4).map((l) => l.split(',')[0])).toEqual([
      `"'+1 Plus"`,
      `"'=HYPERLINK(""http://evil"") X"`,
      `"'@SUM(A1) At"`,
    ]);
    expect(file.body).not.toMatch(/(^|,)"[=+@-]/m);
  });

  it("heads a column naming a project by the client's word for it (issue 23)", async () => {
    const [row] = await t.ctx.db.select().from(clients).where(eq(clients.id, b.board.clientId));
    await t.ctx.db
      .update(clients)
      .set({ config: { ...row!.config, project: { singular: 'Mission', plural: 'Missions' } } })
      .where(eq(clients.id, b.board.clientId));
    const started = await exportOf(b.tokens.admin, b.board.host, { format: 'csv' }, 'participation');
    await drainJobs(t);
    const url = `/api/admin/reports/participation/exports/${started.id}/file`;
    const file = await call(b.tokens.admin, 'GET', url, b.board.host);
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\r\n')[0]).toBe('"Activity","Mission","Type","Completions","Participants"');
  });

  it('writes an XLSX file the spreadsheet reads back, with formula-like text kept as text', async () => {
    const started = await exportOf(a.tokens.admin, a.board.host, {
      format: 'xlsx',
      sort: 'member',
      dir: 'asc',
    });
    await drainJobs(t);
    const file = await call(
      a.tokens.admin,
      'GET',
      `/api/admin/reports/members/exports/${started.id}/file`,
      a.board.host,
    );
    expect(file.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('members')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Member');
    expect(sheet.getRow(3).getCell(1).value).toBe('=HYPERLINK("http://evil") X');
    expect(sheet.getRow(3).getCell(1).formula).toBeUndefined();
  });

  it("answers 404 for another client's or another admin's export and its file", async () => {
    const started = await exportOf(a.tokens.admin, a.board.host, { format: 'csv' });
    await drainJobs(t);
    const url = `/api/admin/reports/members/exports/${started.id}`;
    expect((await call(b.tokens.admin, 'GET', url, b.board.host)).statusCode).toBe(404);
    expect((await call(b.tokens.admin, 'GET', `${url}/file`, b.board.host)).statusCode).toBe(404);
    expect((await call(a.tokens.admin2, 'GET', `${url}/file`, a.board.host)).statusCode).toBe(404);
    expect(
      (await call(a.tokens.admin, 'GET', url.replace('/members/', '/shares/'), a.board.host)).statusCode,
    ).toBe(404);
    expect((await call(a.tokens.analyst, 'GET', `${url}/file`, a.board.host)).statusCode).toBe(403);
  });

  it('is idempotent: running the job again stores one file and leaves a done export as it is', async () => {
    const started = await exportOf(a.tokens.admin, a.board.host, { format: 'csv' }, 'shares');
    // Let the app's own runner finish it first, so the runs below never race it.
    await drainJobs(t);
    await t.ctx.db.update(reportExports).set({ status: 'running' }).where(eq(reportExports.id, started.id));
    const handler = exportJobHandler(t.ctx);
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, EXPORT_JOB));
    const payload = { clientId: a.board.clientId, exportId: started.id };
    const jc = { db: t.ctx.db, job: { id: job!.id, kind: EXPORT_JOB, payload, attempts: 1 } };
    await handler.run(payload, jc);
    // A retry after a crash between storing and marking done: the same key is written again.
    await t.ctx.db.update(reportExports).set({ status: 'running' }).where(eq(reportExports.id, started.id));
    await handler.run(payload, jc);
    await handler.run(payload, jc);
    const [row] = await t.ctx.db.select().from(reportExports).where(eq(reportExports.id, started.id));
    expect(row).toMatchObject({
      status: 'done',
      rows: 1,
      storageKey: `${a.board.clientId}/reports/${started.id}.csv`,
    });
    const file = await t.ctx.storage.get(row!.storageKey!);
    expect(file!.toString().trim().split('\r\n')).toEqual([
      '"Network","Shares","Clicks","Sharers","Clicks per share"',
      '"linkedin",3,0,3,0',
    ]);
  });

  it('removes expired exports and their files', async () => {
    const started = await exportOf(a.tokens.admin, a.board.host, { format: 'csv' });
    await drainJobs(t);
    const [row] = await t.ctx.db.select().from(reportExports).where(eq(reportExports.id, started.id));
    await t.ctx.db
      .update(reportExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportExports.id, started.id));
    await cleanupJobHandler(t.ctx).run(
      {},
      { db: t.ctx.db, job: { id: 'x', kind: 'reports.cleanup', payload: {}, attempts: 1 } },
    );
    expect(await t.ctx.storage.get(row!.storageKey!)).toBeNull();
    const res = await call(
      a.tokens.admin,
      'GET',
      `/api/admin/reports/members/exports/${started.id}`,
      a.board.host,
    );
    expect(res.statusCode).toBe(404);
  });
});
