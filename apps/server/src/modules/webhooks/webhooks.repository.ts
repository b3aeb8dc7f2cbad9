import type { ListQuery, WebhookEventType, WebhookFormat } from '@rally/shared';
import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  sql,
} from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
type Tenant = { clientId: string };
type One = Tenant & { id: string };

const endpointIs = ({ clientId, id }: One) =>
  and(eq(webhookEndpoints.clientId, clientId), eq(webhookEndpoints.id, id));
const deliveryIs = ({ clientId, id }: One) =>
  and(eq(webhookDeliveries.clientId, clientId), eq(webhookDeliveries.id, id));

/** The client's endpoints, newest first (a client has at most WEBHOOK_ENDPOINTS_MAX). */
export async function listWebhooks(db: Db, { clientId }: Tenant): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.clientId, clientId))
    .orderBy(desc(webhookEndpoints.id))
    .limit(100);
}

/** How many endpoints the client has. */
export async function countWebhooks(
  db: Db,
  { clientId, channels }: Tenant & { channels: boolean },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.clientId, clientId),
        channels ? ne(webhookEndpoints.format, 'standard') : eq(webhookEndpoints.format, 'standard'),
      ),
    );
  return row?.n ?? 0;
}

/** One endpoint of the client; undefined for another client's id. */
export async function getWebhook(db: Db, q: One): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(endpointIs(q));
  return row;
}

export async function insertWebhook(
  db: Db,
  input: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookRow> {
  const [row] = await db.insert(webhookEndpoints).values(input).returning();
  return row!;
}

/** Changes an endpoint of the client; undefined when it has no such endpoint. */
export async function updateWebhook(
  db: Db,
  q: One & { set: Partial<Omit<typeof webhookEndpoints.$inferInsert, 'clientId' | 'id'>> },
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...q.set, updatedAt: new Date() })
    .where(endpointIs(q))
    .returning();
  return row;
}

/** Deletes an endpoint of the client with its deliveries; undefined when it has no such endpoint. */
export async function deleteWebhook(db: Db, q: One): Promise<WebhookRow | undefined> {
  const [row] = await db.delete(webhookEndpoints).where(endpointIs(q)).returning();
  return row;
}

/** The client's enabled endpoints that subscribe to an event: the one query an event costs a client without any. */
export async function findSubscribedEndpoints(
  db: Db,
  { clientId, type }: Tenant & { type: WebhookEventType },
): Promise<{ id: string; format: WebhookFormat }[]> {
  return db
    .select({ id: webhookEndpoints.id, format: webhookEndpoints.format })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.clientId, clientId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
}

/** Adds deliveries (pending, not yet attempted). */
export async function insertDeliveries(
  db: Db,
  rows: Array<typeof webhookDeliveries.$inferInsert>,
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

/** A delivery of the client with its endpoint; undefined when either is gone. */
export async function getDeliveryWithEndpoint(
  db: Db,
  q: One,
): Promise<{ delivery: DeliveryRow; endpoint: WebhookRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.clientId, webhookDeliveries.clientId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .where(deliveryIs(q));
  return row;
}

/** A page of an endpoint's deliveries, newest first (SPEC 7 keyset on the id). */
export async function findDeliveries(
  db: Db,
  { clientId, endpointId, query }: Tenant & { endpointId: string; query: ListQuery },
): Promise<{ items: DeliveryRow[]; nextCursor: string | null }> {
  const page = keyset(
    webhookDeliveries.id,
    query,
    and(eq(webhookDeliveries.clientId, clientId), eq(webhookDeliveries.endpointId, endpointId)),
  );
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}

/** The attempts of the client's deliveries, newest first, at most `perDelivery` of each. */
export async function findAttempts(
  db: Db,
  { clientId, deliveryIds, perDelivery }: Tenant & { deliveryIds: string[]; perDelivery: number },
): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const ranked = db
    .select({
      ...getTableColumns(webhookAttempts),
      rank: sql<number>`row_number() over (partition by ${webhookAttempts.deliveryId} order by ${webhookAttempts.id} desc)`.as(
        'rank',
      ),
    })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.clientId, clientId), inArray(webhookAttempts.deliveryId, deliveryIds)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, perDelivery)).orderBy(desc(ranked.id));
  return rows.map(({ rank: _rank, ...attempt }) => attempt);
}

export async function insertAttempt(db: Db, input: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(input);
}

/** Records the outcome of an attempt on the client's delivery. */
export async function updateDelivery(
  db: Db,
  q: One & { set: Partial<Omit<typeof webhookDeliveries.$inferInsert, 'clientId' | 'id'>> },
): Promise<DeliveryRow | undefined> {
  const [row] = await db.update(webhookDeliveries).set(q.set).where(deliveryIs(q)).returning();
  return row;
}

/**
 * Makes a finished delivery of the client's endpoint pending again (Resend); undefined when there is no such
 * delivery or it is still pending (so two Resends at once send it once).
 */
export async function reopenDelivery(
  db: Db,
  q: One & { endpointId: string },
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(
      and(
        deliveryIs(q),
        eq(webhookDeliveries.endpointId, q.endpointId),
        ne(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

/** A delivery of the client's endpoint; undefined for another endpoint's or client's id. */
export async function getEndpointDelivery(db: Db, q: One & { endpointId: string }) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(deliveryIs(q), eq(webhookDeliveries.endpointId, q.endpointId)));
  return row;
}

/**
 * Counts a delivery that failed for good against its endpoint and answers the count in a row, or undefined when
 * the endpoint is gone.
 */
export async function countEndpointFailure(db: Db, q: One): Promise<number | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failureCount: sql`${webhookEndpoints.failureCount} + 1` })
    .where(endpointIs(q))
    .returning({ failureCount: webhookEndpoints.failureCount });
  return row?.failureCount;
}

/** A delivery reached the endpoint: its failures in a row start again from none. */
export async function clearEndpointFailures(db: Db, q: One): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failureCount: 0 })
    .where(and(endpointIs(q), ne(webhookEndpoints.failureCount, 0)));
}

/** Turns an enabled endpoint of the client off for failing; undefined when it was off already (or is gone). */
export async function disableFailingEndpoint(db: Db, q: One): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', disabledAt: new Date(), updatedAt: new Date() })
    .where(and(endpointIs(q), eq(webhookEndpoints.enabled, true)))
    .returning();
  return row;
}

/**
 * Deletes an endpoint's deliveries (and their attempts) made before `beforeId` (a UUIDv7 of the retention cut-off),
 * at most `limit` at a time: each delivery prunes a little, so the log never grows without bound.
 */
export async function pruneDeliveries(
  db: Db,
  { clientId, endpointId, beforeId, limit }: Tenant & { endpointId: string; beforeId: string; limit: number },
): Promise<void> {
  await db.execute(sql`delete from ${webhookDeliveries}
    where ${webhookDeliveries.clientId} = ${clientId} and ${webhookDeliveries.id} in (
      select id from ${webhookDeliveries}
      where ${webhookDeliveries.clientId} = ${clientId} and ${webhookDeliveries.endpointId} = ${endpointId}
        and ${webhookDeliveries.id} < ${beforeId} and ${webhookDeliveries.status} <> 'pending'
      order by ${webhookDeliveries.id} limit ${limit})`);
}

/** The client's active admins, who hear about a failing endpoint. */
export async function listActiveAdmins(db: Db, { clientId }: Tenant) {
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.role, 'ADMIN'),
        eq(users.isActive, true),
        eq(users.isGhost, false),
      ),
    )
    .orderBy(users.id)
    .limit(200);
}

/** The fields of a member that a member.joined event carries. */
export async function getMemberForEvent(db: Db, { clientId, userId }: Tenant & { userId: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)));
  return row;
}

/** The job that posts the week that ended to the endpoints that subscribe to leaderboard.weekly. */
export const WEEKLY_LEADERBOARD_JOB = 'webhooks.leaderboard-weekly';

/** The next Monday 09:00 UTC after `now`: when the week that just ended is posted. */
export function nextWeeklyRun(now = new Date()): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  const ahead = (8 - now.getUTCDay()) % 7;
  day.setUTCDate(day.getUTCDate() + ahead);
  return day > now ? day : new Date(day.getTime() + 7 * 86_400_000);
}

/**
 * Schedules the next weekly post unless one is pending already (other than `exceptJobId`, the run that schedules its
 * successor), so subscribing twice, or on two servers, never posts a week twice.
 */
export async function scheduleWeeklyLeaderboard(db: Db, { exceptJobId }: { exceptJobId?: string } = {}) {
  await db.execute(sql`
    insert into jobs (id, kind, payload, run_at)
    select ${uuidv7()}::uuid, ${WEEKLY_LEADERBOARD_JOB}, '{}'::jsonb, ${nextWeeklyRun().toISOString()}::timestamptz
    where not exists (
      select 1 from jobs where kind = ${WEEKLY_LEADERBOARD_JOB} and done_at is null
        ${exceptJobId ? sql`and id <> ${exceptJobId}` : sql``})`);
}

/**
 * The clients with an enabled endpoint subscribed to an event: the one query across clients here, for the weekly
 * job, which then works on each client alone.
 */
export async function findClientsSubscribedTo(
  db: Db,
  { type }: { type: WebhookEventType },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clientId: webhookEndpoints.clientId })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.eventTypes, [type])));
  return rows.map((r) => r.clientId);
}

/** What a channel message names a member by (SPEC 6's display name is made of these). */
export async function getMemberNameFields(db: Db, { clientId, userId }: Tenant & { userId: string }) {
  const [row] = await db
    .select({
      email: users.email,
      username: users.username,
      displayUsername: users.displayUsername,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)));
  return row;
}

/** Every sealed webhook secret of every client (current and previous): boot checks this server's keys open them. */
export async function listSealedWebhookSecrets(db: Db): Promise<string[]> {
  const rows = await db
    .select({
      secret: webhookEndpoints.secret,
      previous: webhookEndpoints.previousSecret,
      url: webhookEndpoints.sealedUrl,
    })
    .from(webhookEndpoints);
  return rows.flatMap((r) => [r.secret, r.previous, r.url].filter((v): v is string => v !== null));
}

/**
 * Re-seals every webhook secret not sealed with the current key (npm run secrets:rotate), one endpoint per
 * statement; answers how many secrets were re-sealed.
 */
export async function resealWebhookSecrets(
  db: Db,
  reseal: (sealed: string) => string | null,
): Promise<number> {
  const rows = await db
    .select({
      clientId: webhookEndpoints.clientId,
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previous: webhookEndpoints.previousSecret,
      url: webhookEndpoints.sealedUrl,
    })
    .from(webhookEndpoints);
  let count = 0;
  for (const row of rows) {
    const secret = reseal(row.secret);
    const previous = row.previous ? reseal(row.previous) : null;
    const url = row.url ? reseal(row.url) : null;
    if (secret === null && previous === null && url === null) continue;
    await db
      .update(webhookEndpoints)
      .set({
        secret: secret ?? row.secret,
        ...(previous !== null && { previousSecret: previous }),
        ...(url !== null && { sealedUrl: url }),
      })
      .where(and(endpointIs(row), eq(webhookEndpoints.secret, row.secret)));
    count += [secret, previous, url].filter((v) => v !== null).length;
  }
  return count;
}

/** Forgets previous secrets whose overlap ended (they no longer sign). */
export async function dropExpiredPreviousSecret(db: Db, q: One): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ previousSecret: null, previousSecretExpiresAt: null })
    .where(
      and(
        endpointIs(q),
        isNotNull(webhookEndpoints.previousSecret),
        lt(webhookEndpoints.previousSecretExpiresAt, new Date()),
      ),
    );
}
