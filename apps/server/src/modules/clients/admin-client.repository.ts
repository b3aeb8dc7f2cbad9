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

/** Writes the client's new columns and its audit row in one transaction; answers the updated row. */
export async function updateClientSettings(
  db: Db,
  clientId: string,
  columns: Partial<typeof clients.$inferInsert>,
  audit: ClientChangeAudit,
): Promise<ClientRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(clients).set(columns).where(eq(clients.id, clientId)).returning();
    await tx.insert(auditLog).values({
      clientId,
      userId: audit.userId,
      action: 'client.update',
      target: clientId,
      data: { fields: audit.fields, changes: audit.changes },
    });
    return row!;
  });
}
