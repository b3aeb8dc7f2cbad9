import { ChatSeenResponseSchema, ErrorResponseSchema } from '@rally/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';

interface UnreadRow {
  thread_id: string;
  parent_id: string | null;
  unread: number | string;
}

/** GET /api/chat/seen: unread messages in the member's threads (SPEC 3), polled every 60 s. */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/chat/seen',
    { schema: { tags: ['chat'], response: { 200: ChatSeenResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const userId = request.user!.id;
      // PostgreSQL has no min(uuid): the text form of a UUIDv7 sorts like the id, so the oldest unread comes first.
      const result = await selectRows<UnreadRow>(
        ctx.db,
        sql`
        select cm.thread_id, ct.parent_id, count(m.id) as unread
        from chat_members cm
        join chat_threads ct on ct.id = cm.thread_id
        join chat_messages m on m.thread_id = cm.thread_id
          and (cm.last_read_message_id is null or m.id > cm.last_read_message_id)
          and m.user_id is distinct from ${userId}
        where cm.user_id = ${userId} and cm.client_id = ${request.tenant.id}
        group by cm.thread_id, ct.parent_id
        order by min(m.id::text)`,
      );
      const rows = result;
      const first = rows[0];
      return {
        unread: rows.reduce((sum, row) => sum + Number(row.unread), 0),
        first: first ? { id: first.thread_id, parent_id: first.parent_id } : null,
        threads: rows.map((row) => row.thread_id),
      };
    },
  );
}
