import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';

export interface UnreadRow {
  thread_id: string;
  parent_id: string | null;
  unread: number | string;
}

/**
 * The user's threads of the client with messages of others they have not read, and how many; the thread with the
 * oldest unread message first.
 */
export async function findUnreadThreads(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<UnreadRow[]> {
  // PostgreSQL has no min(uuid): the text form of a UUIDv7 sorts like the id, so the oldest unread comes first.
  return selectRows<UnreadRow>(
    db,
    sql`
        select cm.thread_id, ct.parent_id, count(m.id) as unread
        from chat_members cm
        join chat_threads ct on ct.id = cm.thread_id
        join chat_messages m on m.thread_id = cm.thread_id
          and (cm.last_read_message_id is null or m.id > cm.last_read_message_id)
          and m.user_id is distinct from ${userId}
        where cm.user_id = ${userId} and cm.client_id = ${clientId}
        group by cm.thread_id, ct.parent_id
        order by min(m.id::text)`,
  );
}
