import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, clientDomains } from '../../db/schema/index.ts';

export type DomainRow = typeof clientDomains.$inferSelect;

/** Kind of the durable job that re-checks a pending domain's TXT record (see domains.jobs.ts). */
export const DOMAIN_CHECK_JOB = 'domains.check';

/** The client's domains: primary first, then verified, then by name. */
export async function listDomains(db: Db, { clientId }: { clientId: string }): Promise<DomainRow[]> {
  return db
    .select()
    .from(clientDomains)
    .where(eq(clientDomains.clientId, clientId))
    .orderBy(
      desc(clientDomains.isPrimary),
      sql`${clientDomains.verifiedAt} is null`,
      asc(clientDomains.host),
    );
}

/** One of the client's domains; undefined when the host is another client's or nobody's. */
export async function findDomain(
  db: Db,
  { clientId, host }: { clientId: string; host: string },
): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(clientDomains)
    .where(and(eq(clientDomains.clientId, clientId), eq(clientDomains.host, host)))
    .limit(1);
  return row;
}

/** A domain by host alone, whoever's it is (for the re-check job, which acts for no request). */
export async function findDomainByHost(db: Db, { host }: { host: string }): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(clientDomains).where(eq(clientDomains.host, host)).limit(1);
  return row;
}

/** Adds a domain waiting for verification. */
export async function insertPendingDomain(
  db: Db,
  d: { clientId: string; host: string; token: string },
): Promise<DomainRow> {
  const [row] = await db
    .insert(clientDomains)
    .values({ clientId: d.clientId, host: d.host, verificationToken: d.token, verifiedAt: null })
    .returning();
  return row!;
}

/** Records a DNS check: verified (once, the first time) or the error it found. Answers the updated row. */
export async function recordDomainCheck(
  db: Db,
  { host, verified, error }: { host: string; verified: boolean; error: string | null },
): Promise<DomainRow | undefined> {
  const [row] = await db
    .update(clientDomains)
    .set({
      lastCheckedAt: new Date(),
      lastError: verified ? null : error,
      ...(verified ? { verifiedAt: sql`coalesce(${clientDomains.verifiedAt}, now())` } : {}),
    })
    .where(eq(clientDomains.host, host))
    .returning();
  return row;
}

/** Makes a verified domain the client's primary (its links' host); the previous primary stops being one. */
export async function setPrimaryDomain(db: Db, { clientId, host }: { clientId: string; host: string }) {
  await db
    .update(clientDomains)
    .set({ isPrimary: false })
    .where(and(eq(clientDomains.clientId, clientId), eq(clientDomains.isPrimary, true)));
  await db
    .update(clientDomains)
    .set({ isPrimary: true })
    .where(and(eq(clientDomains.clientId, clientId), eq(clientDomains.host, host)));
}

/** Removes one of the client's domains. */
export async function deleteDomain(db: Db, { clientId, host }: { clientId: string; host: string }) {
  await db
    .delete(clientDomains)
    .where(and(eq(clientDomains.clientId, clientId), eq(clientDomains.host, host)));
}

/** How many verified domains the client has (the last one cannot be removed). */
export async function countVerifiedDomains(db: Db, { clientId }: { clientId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientDomains)
    .where(and(eq(clientDomains.clientId, clientId), isNotNull(clientDomains.verifiedAt)));
  return Number(row?.n ?? 0);
}

/** Records an admin's (or, with userId null, the re-check job's) change of a domain in the client's audit log. */
export async function insertDomainAudit(
  db: Db,
  a: {
    clientId: string;
    userId: string | null;
    action: string;
    host: string;
    data?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    clientId: a.clientId,
    userId: a.userId,
    action: a.action,
    target: a.host,
    data: { host: a.host, ...a.data },
  });
}
