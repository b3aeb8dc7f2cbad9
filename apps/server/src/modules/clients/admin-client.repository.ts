import { and, eq, ne, sql } from 'drizzle-orm';
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

/** Whether another client already uses this custom URL (slugs are unique across clients, case-insensitively). */
export async function customUrlTaken(db: Db, { clientId, slug }: { clientId: string; slug: string }) {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`lower(${clients.slug}) = ${slug.toLowerCase()}`, ne(clients.id, clientId)))
    .limit(1);
  return rows.length > 0;
}

/** Sets the client's custom URL and records the change in its audit log; answers the stored slug. */
export async function setCustomUrl(
  db: Db,
  { clientId, slug, userId, from }: { clientId: string; slug: string; userId: string; from: string | null },
): Promise<string> {
  await db.update(clients).set({ slug }).where(eq(clients.id, clientId));
  await db.insert(auditLog).values({
    clientId,
    userId,
    action: 'client.custom_url',
    target: clientId,
    data: { changes: { custom_url: { from, to: slug } } },
  });
  return slug;
}
