import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, clients } from '../../db/schema/index.ts';
import type { ClientRow } from './clients.repository.ts';

/** Who changed which settings, from what to what: one audit_log row per saved change. */
export interface ClientChangeAudit {
  userId: string;
  fields: string[];
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** Columns of the client's own row a settings change writes. */
export type ClientColumns = Partial<typeof clients.$inferInsert>;

/** Writes the client's own row; answers the updated row. */
export async function updateClient(
  db: Db,
  { clientId, columns }: { clientId: string; columns: ClientColumns },
): Promise<ClientRow | undefined> {
  const [row] = await db.update(clients).set(columns).where(eq(clients.id, clientId)).returning();
  return row;
}

/** Records a saved change of the client's settings in its audit log. */
export async function insertClientAudit(
  db: Db,
  { clientId, audit }: { clientId: string; audit: ClientChangeAudit },
): Promise<void> {
  await db.insert(auditLog).values({
    clientId,
    userId: audit.userId,
    action: 'client.update',
    target: clientId,
    data: { fields: audit.fields, changes: audit.changes },
  });
}
