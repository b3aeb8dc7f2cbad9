import { eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { clientDomains, clients, teams } from '../../db/schema/index.ts';

export type ClientRow = typeof clients.$inferSelect;

/** The client served on a host, or the default client. */
export async function findClientForHost(db: Db, host: string): Promise<ClientRow | undefined> {
  const [byDomain] = await db
    .select({ client: clients })
    .from(clientDomains)
    .innerJoin(clients, eq(clients.id, clientDomains.clientId))
    .where(eq(clientDomains.host, host))
    .limit(1);
  if (byDomain) return byDomain.client;
  const [fallback] = await db.select().from(clients).where(eq(clients.isDefault, true)).limit(1);
  return fallback;
}

export async function findClientById(db: Db, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

/** Whether the client has at least one team. */
export async function clientHasTeams(db: Db, clientId: string): Promise<boolean> {
  const rows = await selectRows<{ has: boolean }>(
    db,
    sql`select exists(select 1 from ${teams} where ${teams.clientId} = ${clientId}) as has`,
  );
  return Boolean(rows[0]?.has);
}
