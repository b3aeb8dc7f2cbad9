import { type ModerationQueueQuery, normalizeSafetyText, type SafetyRulesQuery } from '@rally/shared';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { moderationItems, safetyRules, safetySettings, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

export type SafetyRuleRow = typeof safetyRules.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A client's rules, newest first, filtered by kind and by a part of the phrase (compared folded). */
export async function findSafetyRules(db: Db, clientId: string, q: SafetyRulesQuery) {
  const search = q.search ? normalizeSafetyText(q.search) : '';
  const page = keyset(
    safetyRules.id,
    q,
    and(
      eq(safetyRules.clientId, clientId),
      q.kind ? eq(safetyRules.kind, q.kind) : undefined,
      // A search of only symbols can match no phrase: every phrase has a word.
      q.search ? (search ? like(safetyRules.normalized, `%${escapeLike(search)}%`) : sql`false`) : undefined,
    ),
  );
  const rows = await db.select().from(safetyRules).where(page.where).orderBy(page.orderBy).limit(page.limit);
  return page.finish(rows);
}

export async function getSafetyRule(
  db: Db,
  clientId: string,
  id: string,
): Promise<SafetyRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(safetyRules)
    .where(and(eq(safetyRules.clientId, clientId), eq(safetyRules.id, id)));
  return row;
}

/** The client's rule with this folded phrase, other than `exceptId`. */
export async function findRuleByNormalized(db: Db, clientId: string, normalized: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(safetyRules)
    .where(
      and(
        eq(safetyRules.clientId, clientId),
        eq(safetyRules.normalized, normalized),
        exceptId ? ne(safetyRules.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function getFlagAction(db: Db, clientId: string): Promise<'publish' | 'hold'> {
  const [row] = await db.select().from(safetySettings).where(eq(safetySettings.clientId, clientId));
  return row?.flagAction === 'hold' ? 'hold' : 'publish';
}

export async function setFlagAction(db: Db, clientId: string, flagAction: 'publish' | 'hold') {
  await db
    .insert(safetySettings)
    .values({ clientId, flagAction })
    .onConflictDoUpdate({ target: safetySettings.clientId, set: { flagAction, updatedAt: new Date() } });
}

const author = alias(users, 'author');
const decider = alias(users, 'decider');
const personColumns = (u: typeof author | typeof decider) => ({
  id: u.id,
  email: u.email,
  username: u.username,
  display_username: u.displayUsername,
  first_name: u.firstName,
  last_name: u.lastName,
  image_url: u.imageUrl,
});

function selectModeration(db: Db) {
  return db
    .select({
      id: moderationItems.id,
      target_kind: moderationItems.targetKind,
      target_id: moderationItems.targetId,
      text: moderationItems.text,
      matches: moderationItems.matches,
      is_held: moderationItems.isHeld,
      status: moderationItems.status,
      created_at: moderationItems.createdAt,
      decided_at: moderationItems.decidedAt,
      author: personColumns(author),
      decider: personColumns(decider),
    })
    .from(moderationItems)
    .leftJoin(author, eq(author.id, moderationItems.authorId))
    .leftJoin(decider, eq(decider.id, moderationItems.decidedBy));
}

/** A moderation item with its author and decider (each null when absent), as the queue shows it. */
export type ModerationRow = Awaited<ReturnType<ReturnType<typeof selectModeration>['execute']>>[number];

/** The client's queue of one status, newest first, keyset-paginated (SPEC 7). */
export async function findModerationItems(db: Db, clientId: string, q: ModerationQueueQuery) {
  const page = keyset(
    moderationItems.id,
    q,
    and(eq(moderationItems.clientId, clientId), eq(moderationItems.status, q.status)),
  );
  const rows = await selectModeration(db).where(page.where).orderBy(page.orderBy).limit(page.limit);
  return page.finish(rows);
}

export async function getModerationItem(db: Db, clientId: string, id: string) {
  const [row] = await selectModeration(db).where(
    and(eq(moderationItems.clientId, clientId), eq(moderationItems.id, id)),
  );
  return row;
}

/** Records the decision on a still-pending item; undefined when it was already decided. */
export async function decideModerationItem(
  db: Db,
  input: { clientId: string; id: string; status: 'approved' | 'removed'; decidedBy: string },
) {
  const [row] = await db
    .update(moderationItems)
    .set({ status: input.status, decidedBy: input.decidedBy, decidedAt: new Date() })
    .where(
      and(
        eq(moderationItems.id, input.id),
        eq(moderationItems.clientId, input.clientId),
        eq(moderationItems.status, 'pending'),
      ),
    )
    .returning();
  return row;
}
