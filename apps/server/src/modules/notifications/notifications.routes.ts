import {
  ErrorResponseSchema,
  ListQuerySchema,
  NOTIFICATION_KINDS,
  NotificationPreferencesSchema,
  NotificationResponseSchema,
  NotificationsResponseSchema,
  OkResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  findNotifications,
  getPushOff,
  markAllRead,
  markHandled,
  type Owner,
  setPushOff,
} from './notifications.repository.ts';
import { notificationsStreamRoute } from './notifications.stream.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const PreferencesResponseSchema = NotificationPreferencesSchema.extend({
  /** VAPID public key for a browser's push subscription; null when Web Push is not configured. */
  web_push_key: z.string().nullable(),
});

// A notification belongs to one user of one client: the owner is the only one who may see or change it, so
// every query is scoped to the signed-in user and their client, and anything else is "not found".
const ownerOf = (request: FastifyRequest): Owner => ({
  clientId: request.tenant.id,
  userId: requireUser(request).id,
});

/** The signed-in user's notifications: list, mark handled, mark all read, push preferences, live stream. */
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
      const page = await findNotifications(ctx.db, { ...ownerOf(request), query: request.query });
      return {
        notifications: page.items.map(presentNotification),
        unread: page.unread,
        next_cursor: page.nextCursor,
      };
    },
  );

  r.get(
    '/api/notifications/preferences',
    { schema: { tags: ['notifications'], response: { 200: PreferencesResponseSchema, ...errors } } },
    async (request) => ({
      push_off: orderKinds(await getPushOff(ctx.db, ownerOf(request))),
      web_push_key: ctx.config.vapid?.publicKey ?? null,
    }),
  );

  r.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        body: NotificationPreferencesSchema,
        response: { 200: PreferencesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const pushOff = orderKinds(request.body.push_off);
      await setPushOff(ctx.db, { ...ownerOf(request), pushOff });
      return { push_off: pushOff, web_push_key: ctx.config.vapid?.publicKey ?? null };
    },
  );

  r.post(
    '/api/notifications/read-all',
    { schema: { tags: ['notifications'], response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      await markAllRead(ctx.db, ownerOf(request));
      return { ok: true as const };
    },
  );

  r.patch(
    '/api/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        params: z.object({ id: z.uuid({ message: 'id must be a notification id' }) }),
        response: { 200: NotificationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await markHandled(ctx.db, { ...ownerOf(request), id: request.params.id });
      if (!row) throw notFound('Notification not found');
      return { notification: presentNotification(row) };
    },
  );

  await notificationsStreamRoute(app, ctx);
}

/** Distinct kinds in NOTIFICATION_KINDS order, so the stored list is stable. */
function orderKinds(kinds: readonly string[]) {
  return NOTIFICATION_KINDS.filter((k) => kinds.includes(k));
}
