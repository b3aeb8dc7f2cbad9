import { ChatSeenResponseSchema, ErrorResponseSchema } from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { findUnreadThreads } from './chat.repository.ts';

/** GET /api/chat/seen: unread messages in the member's threads (SPEC 3), polled every 60 s. */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/chat/seen',
    { schema: { tags: ['chat'], response: { 200: ChatSeenResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const rows = await findUnreadThreads(ctx.db, {
        clientId: request.tenant.id,
        userId: requireUser(request).id,
      });
      const first = rows[0];
      return {
        unread: rows.reduce((sum, row) => sum + Number(row.unread), 0),
        first: first ? { id: first.thread_id, parent_id: first.parent_id } : null,
        threads: rows.map((row) => row.thread_id),
      };
    },
  );
}
