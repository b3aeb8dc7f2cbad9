import {
  ErrorResponseSchema,
  ListQuerySchema,
  NotificationSchema,
  NotificationsResponseSchema,
  OkResponseSchema,
} from '@rally/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { keyset } from '../../lib/pagination.ts';

type Row = typeof notifications.$inferSelect;
const present = (n: Row) => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  read_at: n.readAt?.toISOString() ?? null,
  handled_at: n.handledAt?.toISOString() ?? null,
  created_at: n.createdAt.toISOString(),
});
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** The signed-in user's notifications: list, mark handled, mark all read. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        querystring: ListQuerySchema,
        response: { 200: NotificationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const mine = and(
        eq(notifications.clientId, request.tenant.id),
        eq(notifications.userId, request.user!.id),
      );
      const page = keyset(notifications.id, request.query, mine);
      const [rows, [unread]] = await Promise.all([
        ctx.db.select().from(notifications).where(page.where).orderBy(page.orderBy).limit(page.limit),
        ctx.db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      const { items, nextCursor } = page.finish(rows);
      return { notifications: items.map(present), unread: unread?.n ?? 0, next_cursor: nextCursor };
    },
  );

  r.patch(
    '/api/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        params: z.object({ id: z.uuid({ message: 'id must be a notification id' }) }),
        response: { 200: z.object({ notification: NotificationSchema }), ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const [row] = await ctx.db
        .update(notifications)
        .set({ handledAt: now, readAt: now })
        .where(
          and(
            eq(notifications.id, request.params.id),
            eq(notifications.clientId, request.tenant.id),
            eq(notifications.userId, request.user!.id),
          ),
        )
        .returning();
      if (!row) throw notFound('Notification not found');
      return { notification: present(row) };
    },
  );

  r.post(
    '/api/notifications/read-all',
    { schema: { tags: ['notifications'], response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      await ctx.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.clientId, request.tenant.id),
            eq(notifications.userId, request.user!.id),
            isNull(notifications.readAt),
          ),
        );
      return { ok: true as const };
    },
  );
}
