import { normalizeSafetyText, type SafetyRuleKind } from '@rally/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import {
  activities,
  comments,
  moderationItems,
  participations,
  posts,
  safetyRules,
} from '../schema/index.ts';
import { clientByName, userId } from './demo-helpers.ts';

/** Demo's brand-safety word lists: scam talk blocked, competitors and promises flagged, a street name allowed. */
const DEMO_RULES: [string, SafetyRuleKind][] = [
  ['scam', 'block'],
  ['guaranteed returns', 'block'],
  ['get rich quick', 'block'],
  ['Brightline', 'flag'],
  ['Nimbus Suite', 'flag'],
  ['giveaway', 'flag'],
  ['Brightline Avenue', 'allow'],
];
const FLAGGED_TEXT = 'Moved our whole team over from Brightline to Demo Studio this week. Desk tour!';

/** Brand-safety word lists and a flagged item waiting in the moderation queue (issue 4). */
export async function seedDemoSafety(db: Db, _storage: Storage): Promise<void> {
  const client = await clientByName(db, 'Demo');
  const c = client.id;
  const admin = await userId(db, c, 'admin@demo.test');
  await db
    .insert(safetyRules)
    .values(
      DEMO_RULES.map(([phrase, kind]) => ({
        clientId: c,
        phrase,
        normalized: normalizeSafetyText(phrase),
        kind,
        createdBy: admin,
      })),
    )
    .onConflictDoNothing();
  const author = await userId(db, c, 'returning@demo.test');
  const target = (await heldComment(db, c, author)) ?? (await flaggedCaption(db, c, author));
  if (!target) return;
  await db.insert(moderationItems).values({
    clientId: c,
    authorId: author,
    text: FLAGGED_TEXT,
    matches: ['Brightline'],
    ...target,
  });
}

/** A held comment on the newest published post, when the feed has posts. */
async function heldComment(db: Db, clientId: string, authorId: string) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.clientId, clientId), eq(posts.status, 'published')))
    .orderBy(desc(posts.id))
    .limit(1);
  if (!post) return null;
  const [comment] = await db
    .insert(comments)
    .values({ clientId, postId: post.id, authorId, body: FLAGGED_TEXT, status: 'held' })
    .returning({ id: comments.id });
  return { targetKind: 'comment', targetId: comment!.id, isHeld: true };
}

/** Otherwise a Brand Content submission waiting for review, with a flagged caption. */
async function flaggedCaption(db: Db, clientId: string, authorId: string) {
  const [activity] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.title, 'Show us your setup')));
  if (!activity) return null;
  // The picture of the demo's other pending submission serves this one too.
  const [other] = await db
    .select({ data: participations.data })
    .from(participations)
    .where(and(eq(participations.activityId, activity.id), sql`${participations.data} ? 'media_urls'`))
    .limit(1);
  const [row] = await db
    .insert(participations)
    .values({
      clientId,
      activityId: activity.id,
      userId: authorId,
      status: 'pending',
      data: {
        caption: FLAGGED_TEXT,
        media_urls: (other?.data as { media_urls?: string[] })?.media_urls ?? [],
      },
    })
    .onConflictDoNothing()
    .returning({ id: participations.id });
  if (!row) return null;
  return { targetKind: 'caption', targetId: row.id, isHeld: false };
}
