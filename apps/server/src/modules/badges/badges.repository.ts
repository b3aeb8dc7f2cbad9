import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';

export interface BadgeRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  earned_at: Date | string | null;
}

/** Every badge of the client by name, with when the user earned it (null when not yet). */
export async function findBadgesOfUser(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<BadgeRow[]> {
  return selectRows<BadgeRow>(
    db,
    sql`
        select b.id, b.name, b.description, b.image_url, ub.created_at as earned_at
        from badges b left join user_badges ub on ub.badge_id = b.id and ub.user_id = ${userId}
        where b.client_id = ${clientId} order by b.name`,
  );
}
