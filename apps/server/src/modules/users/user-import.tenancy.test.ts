import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sessions, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { IMPORT_JOB } from './commands/import-invitations.ts';
import {
  accountsByEmail,
  erasePersonalData,
  getErasable,
  getImportJob,
  personalData,
  saveImportJob,
  setInvitedNames,
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

  it('never reads or changes an import of another client', async () => {
    await enqueueJob(
      t.ctx.db,
      IMPORT_JOB,
      { clientId: ids.demo, importId: 'imp-1', rows: [] },
      new Date('2999-01-01'),
    );
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, IMPORT_JOB));
    expect(
      await getImportJob(t.ctx.db, { clientId: ids.acme, id: 'imp-1', kind: IMPORT_JOB }),
    ).toBeUndefined();
    expect(await getImportJob(t.ctx.db, { clientId: ids.demo, id: 'imp-1', kind: IMPORT_JOB })).toBeDefined();
    await saveImportJob(t.ctx.db, { clientId: ids.acme, id: job!.id, payload: { clientId: ids.acme } });
    const [after] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after!.payload).toMatchObject({ clientId: ids.demo, importId: 'imp-1' });
    await t.ctx.db.delete(jobs).where(eq(jobs.id, job!.id));
  });
});
