import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { auditLog, contracts, teams } from '../schema/index.ts';
import { clientByName, userId } from './demo-helpers.ts';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/**
 * The Demo admin's recent changes in the audit log, so /admin/users → Audit log shows what it records: settings, a
 * contract version, an invitation, a role change, a deactivation and its undoing. Written oldest first, so the log's
 * order (by id) and its dates agree.
 */
export async function seedDemoAudit(db: Db): Promise<void> {
  const demo = await clientByName(db, 'Demo');
  const clientId = demo.id;
  const [admin, lead, member, newbie, returning] = await Promise.all(
    ['admin@demo.test', 'lead@demo.test', 'member@demo.test', 'newbie@demo.test', 'returning@demo.test'].map(
      (email) => userId(db, clientId, email),
    ),
  );
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.clientId, clientId), eq(contracts.version, 2)));
  const [marketing] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clientId, clientId), eq(teams.name, 'Marketing')));
  const rows = [
    {
      at: 14,
      action: 'client.update',
      target: clientId,
      data: { fields: ['primary_color'], changes: { primary_color: { from: '#0E7490', to: '#007E97' } } },
    },
    { at: 12, action: 'contract.publish', target: contract?.id ?? null, data: { version: 2 } },
    {
      at: 9,
      action: 'user.invite',
      target: newbie,
      data: { email: 'newbie@demo.test', role: 'USER', team_ids: marketing ? [marketing.id] : [] },
    },
    {
      at: 6,
      action: 'user.access',
      target: lead,
      data: { changes: { role: { from: 'USER', to: 'ANALYST' } } },
    },
    { at: 3, action: 'user.deactivate', target: returning, data: {} },
    { at: 2, action: 'user.reactivate', target: returning, data: {} },
    { at: 1, action: 'user.export', target: member, data: {} },
  ];
  for (const row of rows) {
    await db.insert(auditLog).values({
      clientId,
      userId: admin,
      action: row.action,
      target: row.target,
      data: row.data,
      createdAt: daysAgo(row.at),
    });
  }
}
