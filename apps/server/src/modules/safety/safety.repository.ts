import {
  type ModerationQueueQuery,
  normalizeSafetyText,
  type SafetyRuleKind,
  type SafetyRulesQuery,
} from '@rally/shared';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  activities,
  moderationItems,
  participations,
  safetyRules,
  safetySettings,
  users,
} from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

export type SafetyRuleRow = typeof safetyRules.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A client's rules, newest first, filtered by kind and by a part of the phrase (compared folded). */
export async function findSafetyRules(db: Db, input: { clientId: string; query: SafetyRulesQuery }) {
  const { clientId, query: q } = input;
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

/** Every rule of the client, as the screening compiles them. */
export async function findRulePhrases(
  db: Db,
  input: { clientId: string },
): Promise<{ phrase: string; kind: string }[]> {
  return db
    .select({ phrase: safetyRules.phrase, kind: safetyRules.kind })
    .from(safetyRules)
    .where(eq(safetyRules.clientId, input.clientId));
}

export async function getSafetyRule(
  db: Db,
  input: { clientId: string; id: string },
): Promise<SafetyRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(safetyRules)
    .where(and(eq(safetyRules.clientId, input.clientId), eq(safetyRules.id, input.id)));
  return row;
}

/** The client's rule with this folded phrase, other than `exceptId`. */
export async function findRuleByNormalized(
  db: Db,
  input: { clientId: string; normalized: string; exceptId?: string },
) {
  const [row] = await db
    .select()
    .from(safetyRules)
    .where(
      and(
        eq(safetyRules.clientId, input.clientId),
        eq(safetyRules.normalized, input.normalized),
        input.exceptId ? ne(safetyRules.id, input.exceptId) : undefined,
      ),
    );
  return row;
}

/** Adds a rule to the client's lists (a unique violation when the folded phrase is already there). */
export async function insertSafetyRule(
  db: Db,
  input: { clientId: string; phrase: string; normalized: string; kind: SafetyRuleKind; createdBy: string },
): Promise<SafetyRuleRow | undefined> {
  const [row] = await db.insert(safetyRules).values(input).returning();
  return row;
}

/** Changes one of the client's rules; undefined when the client has no such rule. */
export async function updateSafetyRule(
  db: Db,
  input: { clientId: string; id: string; phrase: string; normalized: string; kind: string },
): Promise<SafetyRuleRow | undefined> {
  const [row] = await db
    .update(safetyRules)
    .set({ phrase: input.phrase, normalized: input.normalized, kind: input.kind })
    .where(and(eq(safetyRules.id, input.id), eq(safetyRules.clientId, input.clientId)))
    .returning();
  return row;
}

/** Deletes one of the client's rules. */
export async function deleteSafetyRule(db: Db, input: { clientId: string; id: string }): Promise<void> {
  await db
    .delete(safetyRules)
    .where(and(eq(safetyRules.id, input.id), eq(safetyRules.clientId, input.clientId)));
}

export async function getFlagAction(db: Db, input: { clientId: string }): Promise<'publish' | 'hold'> {
  const [row] = await db.select().from(safetySettings).where(eq(safetySettings.clientId, input.clientId));
  return row?.flagAction === 'hold' ? 'hold' : 'publish';
}

export async function setFlagAction(db: Db, input: { clientId: string; flagAction: 'publish' | 'hold' }) {
  const { clientId, flagAction } = input;
  await db
    .insert(safetySettings)
    .values({ clientId, flagAction })
    .onConflictDoUpdate({
      target: safetySettings.clientId,
      set: { flagAction, updatedAt: new Date() },
      setWhere: eq(safetySettings.clientId, clientId),
    });
}

/** Puts a flagged text in the client's moderation queue. */
export async function insertModerationItem(
  db: Db,
  input: {
    clientId: string;
    targetKind: string;
    targetId: string;
    authorId: string | null;
    text: string;
    matches: string[];
    isHeld: boolean;
  },
): Promise<void> {
  await db.insert(moderationItems).values(input);
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
export async function findModerationItems(db: Db, input: { clientId: string; query: ModerationQueueQuery }) {
  const { clientId, query: q } = input;
  const page = keyset(
    moderationItems.id,
    q,
    and(eq(moderationItems.clientId, clientId), eq(moderationItems.status, q.status)),
  );
  const rows = await selectModeration(db).where(page.where).orderBy(page.orderBy).limit(page.limit);
  return page.finish(rows);
}

export async function getModerationItem(db: Db, input: { clientId: string; id: string }) {
  const [row] = await selectModeration(db).where(
    and(eq(moderationItems.clientId, input.clientId), eq(moderationItems.id, input.id)),
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

/**
 * Rejects a Brand Content submission still waiting for review, for the reason given; answers its member and
 * activity, or undefined when the client has no such pending submission.
 */
export async function rejectPendingCaption(
  db: Db,
  input: { clientId: string; id: string; reviewedBy: string; reason: string },
): Promise<{ userId: string; activityId: string } | undefined> {
  const [row] = await db
    .update(participations)
    .set({
      status: 'rejected',
      isComplete: false,
      rejectReason: input.reason,
      reviewedBy: input.reviewedBy,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(participations.id, input.id),
        eq(participations.clientId, input.clientId),
        eq(participations.status, 'pending'),
      ),
    )
    .returning({ userId: participations.userId, activityId: participations.activityId });
  return row;
}

/** The title and project of one of the client's activities. */
export async function getActivityTitle(
  db: Db,
  input: { clientId: string; activityId: string },
): Promise<{ title: string; projectId: string } | undefined> {
  const [row] = await db
    .select({ title: activities.title, projectId: activities.projectId })
    .from(activities)
    .where(and(eq(activities.id, input.activityId), eq(activities.clientId, input.clientId)));
  return row;
}
