import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sessions, userImportRows, users } from '../../db/schema/index.ts';
import { enqueueJob, enqueueJobs } from '../../lib/jobs.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { IMPORT_JOB } from './commands/import-invitations.ts';
import {
  accountsByEmail,
  deleteImportRows,
  erasePersonalData,
  getErasable,
  getImportJob,
  type ImportRowRecord,
  importRowsOf,
  insertImportRows,
  markImportRowEmailed,
  pendingImportRows,
  personalData,
  saveImportJob,
  setInvitedNames,
  settleImportRows,
  unmailedImportRows,
} from './user-import.repository.ts';

/**
 * Every read and write of the import, export and erase repository, called with the other client's id against a row
 * of the first client, finds or changes nothing.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('user import repository tenancy', () => {
  it('never reads or changes a user of another client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo, firstName: 'Tess', lastName: 'Tenant' });
    const acme = { clientId: ids.acme, userId: user.id };
    await t.login(user.email!);
    await setInvitedNames(t.ctx.db, { ...acme, firstName: 'X', lastName: 'Y' });
    await erasePersonalData(t.ctx.db, acme);
    expect(await getErasable(t.ctx.db, acme)).toBeUndefined();
    expect(await personalData(t.ctx.db, acme)).toBeUndefined();
    expect((await accountsByEmail(t.ctx.db, { clientId: ids.acme, emails: [user.email!] })).size).toBe(0);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, firstName: 'Tess', lastName: 'Tenant', isActive: true });
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('never reads or changes an import of another client (named by its job id or, before, by its payload)', async () => {
    const legacyId = randomUUID();
    await enqueueJob(
      t.ctx.db,
      IMPORT_JOB,
      { clientId: ids.demo, importId: legacyId, rows: [] },
      new Date('2999-01-01'),
    );
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, IMPORT_JOB));
    for (const id of [legacyId, job!.id]) {
      expect(await getImportJob(t.ctx.db, { clientId: ids.acme, id, kind: IMPORT_JOB })).toBeUndefined();
      expect(await getImportJob(t.ctx.db, { clientId: ids.demo, id, kind: IMPORT_JOB })).toMatchObject({
        id: job!.id,
      });
    }
    await saveImportJob(t.ctx.db, { clientId: ids.acme, id: job!.id, payload: { clientId: ids.acme } });
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after!.payload).toMatchObject({ clientId: ids.demo, importId: legacyId });
    await t.ctx.db.delete(jobs).where(eq(jobs.id, job!.id));
  });

  it("never reads or changes another client's import rows", async () => {
    const importId = randomUUID();
    await enqueueJobs(t.ctx.db, [
      { id: importId, kind: IMPORT_JOB, payload: { clientId: ids.demo }, runAt: new Date('2999-01-01') },
    ]);
    const invited = await createUser(t.ctx.db, { clientId: ids.demo });
    const row = (n: number, outcome: ImportRowRecord['outcome']): ImportRowRecord => ({
      row: n,
      email: `row${n}@example.test`,
      outcome,
      role: 'USER',
      teamIds: [],
      firstName: null,
      lastName: null,
      column: null,
      message: null,
      userId: outcome === 'invited' ? invited.id : null,
      emailed: false,
    });
    await insertImportRows(t.ctx.db, {
      clientId: ids.demo,
      importId,
      rows: [row(2, 'pending'), row(3, 'invited')],
    });
    const acme = { clientId: ids.acme, importId };
    expect(await importRowsOf(t.ctx.db, acme)).toEqual([]);
    expect(await pendingImportRows(t.ctx.db, { ...acme, limit: 10 })).toEqual([]);
    expect(await unmailedImportRows(t.ctx.db, { ...acme, limit: 10 })).toEqual([]);
    await settleImportRows(t.ctx.db, {
      ...acme,
      results: [{ row: 2, outcome: 'skipped', userId: null, message: 'already_member' }],
    });
    await markImportRowEmailed(t.ctx.db, { ...acme, row: 3 });
    await deleteImportRows(t.ctx.db, acme);
    const kept = await t.ctx.db
      .select()
      .from(userImportRows)
      .where(eq(userImportRows.importId, importId))
      .orderBy(asc(userImportRows.row));
    expect(kept.map((r) => [r.row, r.outcome, r.emailed])).toEqual([
      [2, 'pending', false],
      [3, 'invited', false],
    ]);
    expect(await importRowsOf(t.ctx.db, { clientId: ids.demo, importId })).toHaveLength(2);
    await t.ctx.db.delete(jobs).where(eq(jobs.id, importId));
    expect(await importRowsOf(t.ctx.db, { clientId: ids.demo, importId })).toEqual([]);
  });
});
