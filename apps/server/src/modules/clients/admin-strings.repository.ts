import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, clients, type StoredClientConfig } from '../../db/schema/index.ts';

/** The client's stored config (its wording overrides in `strings`), its row locked until the transaction ends. */
export async function lockClientConfig(
  db: Db,
  { clientId }: { clientId: string },
): Promise<StoredClientConfig | undefined> {
  const [row] = await db
    .select({ config: clients.config })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  return row?.config;
}

/** Writes the client's stored config. */
export async function writeClientConfig(
  db: Db,
  { clientId, config }: { clientId: string; config: StoredClientConfig },
): Promise<void> {
  await db.update(clients).set({ config }).where(eq(clients.id, clientId));
}

/** Records which overrides an admin set or cleared (from → to, null: the app's own text). */
export async function insertStringsAudit(
  db: Db,
  {
    clientId,
    userId,
    changes,
  }: {
    clientId: string;
    userId: string;
    changes: Record<string, { from: string | null; to: string | null }>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    clientId,
    userId,
    action: 'client.strings',
    target: clientId,
    data: { fields: Object.keys(changes), changes },
  });
}
