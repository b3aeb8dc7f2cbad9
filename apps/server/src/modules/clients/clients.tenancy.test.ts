import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { updateClient } from './admin-client.repository.ts';
import { findClientById } from './clients.repository.ts';
import { updateClientSettings } from './commands/update-client-settings.ts';

/**
 * A client's settings are written to its own row only: called with the other client's id, the writes leave the
 * first client's row (and audit log) as they were.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const clientRow = async (id: string) => (await t.ctx.db.select().from(clients).where(eq(clients.id, id)))[0]!;
const auditOf = (clientId: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.clientId, clientId));

describe('client settings writes with another client’s id', () => {
  it('updateClient and the updateClientSettings command leave the first client as it was', async () => {
    const demo = await clientRow(ids.demo);
    const demoAudit = await auditOf(ids.demo);
    const acmeAdmin = await createUser(t.ctx.db, { clientId: ids.acme, role: 'ADMIN' });
    const renamed = await updateClient(t.ctx.db, {
      clientId: ids.acme,
      columns: { name: 'Renamed by Acme' },
    });
    expect(renamed?.id).toBe(ids.acme);
    const updated = await updateClientSettings(t.ctx.db, {
      clientId: ids.acme,
      columns: { name: 'Renamed again' },
      audit: { userId: acmeAdmin.id, fields: ['name'], changes: { name: { from: 'a', to: 'b' } } },
    });
    expect(updated.id).toBe(ids.acme);
    expect(await clientRow(ids.demo)).toEqual(demo);
    expect(await auditOf(ids.demo)).toEqual(demoAudit);
    expect((await findClientById(t.ctx.db, { clientId: ids.acme }))?.name).toBe('Renamed again');
  });
});
