import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { clientDomains, clients, ssoConnections, teams } from '../../db/schema/index.ts';

export type ClientRow = typeof clients.$inferSelect;

/**
 * The id of the client a host serves, or undefined when it is no client's verified domain (a domain waiting for
 * its DNS check serves nobody yet).
 */
export async function findClientIdForHost(db: Db, { host }: { host: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ clientId: clientDomains.clientId })
    .from(clientDomains)
    .where(and(eq(clientDomains.host, host), isNotNull(clientDomains.verifiedAt)))
    .limit(1);
  return row?.clientId;
}

/** The id of the client whose custom URL this is (slugs are unique across clients, whatever their case). */
export async function findClientIdForSlug(db: Db, { slug }: { slug: string }): Promise<string | undefined> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.slug}) = ${slug.toLowerCase()}`)
    .limit(1);
  return row?.id;
}

/** The id of the client that serves hosts configured for no client. */
export async function findDefaultClientId(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.isDefault, true)).limit(1);
  return row?.id;
}

/**
 * A client with the host its links point at: its primary verified domain, else its first verified domain by name;
 * null when it has none (then it sends no links at all).
 */
export async function findClientWithLinkHost(
  db: Db,
  { clientId }: { clientId: string },
): Promise<
  { client: ClientRow; linkHost: string | null; sso: { name: string; required: boolean } | null } | undefined
> {
  const [row] = await db
    .select({
      client: clients,
      sso: sql<{
        name: string;
        required: boolean;
      } | null>`(select json_build_object('name', ${ssoConnections.displayName},
        'required', ${ssoConnections.mode} = 'required') from ${ssoConnections}
        where ${ssoConnections.clientId} = ${clients.id} and ${ssoConnections.enabled})`,
      linkHost: sql<string | null>`(select ${clientDomains.host} from ${clientDomains}
        where ${clientDomains.clientId} = ${clients.id} and ${clientDomains.verifiedAt} is not null
        order by ${clientDomains.isPrimary} desc, ${clientDomains.host} limit 1)`,
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

/** The client's own row. */
export async function findClientById(
  db: Db,
  { clientId }: { clientId: string },
): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  return row;
}

/** Whether the client has at least one team. */
export async function clientHasTeams(db: Db, { clientId }: { clientId: string }): Promise<boolean> {
  const rows = await selectRows<{ has: boolean }>(
    db,
    sql`select exists(select 1 from ${teams} where ${teams.clientId} = ${clientId}) as has`,
  );
  return Boolean(rows[0]?.has);
}
