import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { clients, contracts } from '../../db/schema/index.ts';

export type ContractRow = typeof contracts.$inferSelect;

/** The client's contract versions, newest first. */
export async function listContracts(db: Db, { clientId }: { clientId: string }): Promise<ContractRow[]> {
  return db.select().from(contracts).where(eq(contracts.clientId, clientId)).orderBy(desc(contracts.version));
}

/** How many active, non-applicant, non-guest members the client has, and how many accepted this contract. */
export async function countAcceptances(
  db: Db,
  { clientId, contractId }: { clientId: string; contractId: string },
): Promise<{ accepted: number; members: number }> {
  const [row] = await selectRows<{ accepted: number | string; members: number | string }>(
    db,
    sql`select count(*) filter (where contract_id = ${contractId}) as accepted, count(*) as members
      from users where client_id = ${clientId} and is_active and not is_ghost and role <> 'APPLICANT'
        and password_hash is not null`,
  );
  return { accepted: Number(row?.accepted ?? 0), members: Number(row?.members ?? 0) };
}

/** Adds the next version of the client's contract and makes it the current one. */
export async function insertCurrentContract(
  db: Db,
  { clientId, title, body }: { clientId: string; title: string; body: string },
): Promise<ContractRow> {
  const [row] = await db
    .insert(contracts)
    .values({
      clientId,
      title,
      body,
      version: sql`(select coalesce(max(version), 0) + 1 from contracts where client_id = ${clientId})`,
    })
    .returning();
  await db
    .update(clients)
    .set({ contractId: row!.id })
    .where(and(eq(clients.id, clientId)));
  return row!;
}
