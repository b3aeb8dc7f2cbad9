import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ssoConnections, ssoFlows, ssoIdentities, users } from '../../db/schema/index.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoConnectionValues = Omit<
  typeof ssoConnections.$inferInsert,
  'clientId' | 'createdAt' | 'updatedAt'
>;

/** Every sealed secret of every client: boot checks this server's keys open them. */
export async function listSealedSecrets(db: Db): Promise<string[]> {
  const rows = await db
    .select({ secret: ssoConnections.clientSecret })
    .from(ssoConnections)
    .where(isNotNull(ssoConnections.clientSecret));
  return rows.map((r) => r.secret!);
}

/** The client's single sign-on connection, if it has one. */
export async function getSsoConnection(db: Db, { clientId }: { clientId: string }) {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.clientId, clientId));
  return row;
}

/** Creates or replaces the client's connection. */
export async function saveSsoConnection(
  db: Db,
  { clientId, values }: { clientId: string; values: SsoConnectionValues },
): Promise<SsoConnectionRow> {
  const [row] = await db
    .insert(ssoConnections)
    .values({ ...values, clientId })
    .onConflictDoUpdate({ target: ssoConnections.clientId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Removes the client's connection; answers whether it had one. */
export async function deleteSsoConnection(db: Db, { clientId }: { clientId: string }): Promise<boolean> {
  const rows = await db
    .delete(ssoConnections)
    .where(eq(ssoConnections.clientId, clientId))
    .returning({ clientId: ssoConnections.clientId });
  return rows.length > 0;
}

/** Records a sign-in under way, and forgets the client's ones that ran out. */
export async function insertSsoFlow(db: Db, input: typeof ssoFlows.$inferInsert): Promise<void> {
  await db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.clientId, input.clientId), lt(ssoFlows.expiresAt, new Date())));
  await db.insert(ssoFlows).values(input);
}

/** Takes the sign-in under way with this state (once: it is deleted); undefined when unknown or run out. */
export async function takeSsoFlow(db: Db, { clientId, stateHash }: { clientId: string; stateHash: string }) {
  const [row] = await db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.clientId, clientId), eq(ssoFlows.stateHash, stateHash)))
    .returning();
  return row && row.expiresAt > new Date() ? row : undefined;
}

/** The member a provider identity was linked to. */
export async function findSsoIdentityUser(
  db: Db,
  { clientId, issuer, subject }: { clientId: string; issuer: string; subject: string },
) {
  const [row] = await db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, and(eq(users.id, ssoIdentities.userId), eq(users.clientId, ssoIdentities.clientId)))
    .where(
      and(
        eq(ssoIdentities.clientId, clientId),
        eq(ssoIdentities.issuer, issuer),
        eq(ssoIdentities.subject, subject),
      ),
    );
  return row?.user;
}

/** Links a provider identity to a member (or notes its sign-in when it already is). */
export async function linkSsoIdentity(
  db: Db,
  input: { clientId: string; issuer: string; subject: string; userId: string },
): Promise<void> {
  await db
    .insert(ssoIdentities)
    .values(input)
    .onConflictDoUpdate({
      target: [ssoIdentities.clientId, ssoIdentities.issuer, ssoIdentities.subject],
      set: { userId: input.userId, lastSignInAt: sql`now()` },
    });
}

/** A user of the client who may be the break-glass admin: an active ADMIN. */
export async function isActiveAdmin(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.id, userId),
        eq(users.role, 'ADMIN'),
        eq(users.isActive, true),
      ),
    );
  return row !== undefined;
}

/** A member made on their first sign-in through the provider: email verified by it, no password. */
export async function insertSsoUser(
  db: Db,
  input: { clientId: string; email: string; firstName: string | null; lastName: string | null },
) {
  const [row] = await db
    .insert(users)
    .values({ ...input, role: 'USER', emailVerifiedAt: new Date() })
    .returning();
  return row!;
}

/** Fills names the member left empty from the provider's, and marks their email verified. */
export async function completeSsoUser(
  db: Db,
  input: { clientId: string; userId: string; firstName: string | null; lastName: string | null },
) {
  await db
    .update(users)
    .set({
      firstName: sql`coalesce(${users.firstName}, ${input.firstName})`,
      lastName: sql`coalesce(${users.lastName}, ${input.lastName})`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.clientId, input.clientId), eq(users.id, input.userId)));
}

/**
 * Re-seals every stored secret not sealed with the current key (npm run secrets:rotate), one client at a time in
 * its own statement; answers how many were re-sealed.
 */
export async function resealSecrets(db: Db, reseal: (sealed: string) => string | null): Promise<number> {
  const rows = await db
    .select({ clientId: ssoConnections.clientId, secret: ssoConnections.clientSecret })
    .from(ssoConnections)
    .where(isNotNull(ssoConnections.clientSecret));
  let count = 0;
  for (const row of rows) {
    const next = reseal(row.secret!);
    if (next === null) continue;
    await db
      .update(ssoConnections)
      .set({ clientSecret: next })
      .where(and(eq(ssoConnections.clientId, row.clientId), eq(ssoConnections.clientSecret, row.secret!)));
    count += 1;
  }
  return count;
}

/** Points the demo's single sign-on at the demo provider on this run's origin (the seed cannot know the port). */
export async function pointDemoSsoAt(
  db: Db,
  { clientId, issuer, path }: { clientId: string; issuer: string; path: string },
): Promise<void> {
  await db
    .update(ssoConnections)
    .set({ issuer })
    .where(
      and(
        eq(ssoConnections.clientId, clientId),
        sql`${ssoConnections.issuer} like ${`%${path}`}`,
        sql`${ssoConnections.issuer} <> ${issuer}`,
      ),
    );
}

/**
 * The clients whose single sign-on is on and lists this email domain (at most two: more than one is ambiguous). The
 * one query across clients here, by design: on the app's own address a work email is what names the client.
 */
export async function findSsoClientsForDomain(db: Db, { domain }: { domain: string }): Promise<string[]> {
  const rows = await db
    .select({ clientId: ssoConnections.clientId })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.enabled, true), sql`${domain} = any(${ssoConnections.emailDomains})`))
    .limit(2);
  return rows.map((r) => r.clientId);
}
