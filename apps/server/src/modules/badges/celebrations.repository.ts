import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';

/** Feed kind of a badge celebration ("Dana earned the Sharer badge"). */
export const CELEBRATION_KIND = 'badge';

/** What deciding on and writing a celebration needs: the client's community settings and the member's names. */
export interface CelebrationContext {
  features: string[];
  community_variant: string | null;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
}

/** The client's community settings and the member's names; undefined for another client's member. */
export async function findCelebrationContext(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<CelebrationContext | undefined> {
  const [row] = await selectRows<CelebrationContext>(
    db,
    sql`select c.features, c.config->>'community_variant' as community_variant,
          u.username, u.display_username, u.first_name, u.last_name
        from users u join clients c on c.id = u.client_id
        where u.id = ${userId} and u.client_id = ${clientId}`,
  );
  return row;
}

/**
 * The celebration of one award in the client-wide feed, authored by the member: once per award (its badge_events
 * row is the source, and the feed holds one item per source), so a retried job or a replay writes nothing.
 */
export async function insertCelebrationPost(
  db: Db,
  p: { clientId: string; authorId: string; sourceId: string; body: string },
): Promise<boolean> {
  const rows = await db
    .insert(posts)
    .values({ ...p, kind: CELEBRATION_KIND, status: 'published' })
    .onConflictDoNothing({ target: [posts.clientId, posts.kind, posts.sourceId] })
    .returning({ id: posts.id });
  return rows.length > 0;
}

/**
 * Takes down the celebrations of a member's awards of these tiers of a badge (after a revocation), keeping them
 * as removed posts like any other removal; answers how many it took down.
 */
export async function removeCelebrationPosts(
  db: Db,
  r: { clientId: string; badgeId: string; userId: string; tiers: number[]; removedBy: string | null },
): Promise<number> {
  if (r.tiers.length === 0) return 0;
  const tiers = sql.join(
    r.tiers.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update posts set status = 'removed', removed_at = now(), removed_by = ${r.removedBy}, pinned_at = null
        where client_id = ${r.clientId} and kind = ${CELEBRATION_KIND} and author_id = ${r.userId}
          and status <> 'removed'
          and source_id in (
            select id from badge_events
            where client_id = ${r.clientId} and badge_id = ${r.badgeId} and user_id = ${r.userId}
              and action = 'award' and tier in (${tiers}))
        returning id`,
  );
  return rows.length;
}
