import {
  CHANNEL_EVENT_TYPES,
  CHANNEL_EVENTS_ERROR,
  type CreateWebhookRequest,
  isChannelFormat,
  type UpdateWebhookRequest,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookEventType,
  type WebhookFormat,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { maskChannelUrl } from '../webhooks.channels.ts';
import { checkEndpointUrl, webhookTransport } from '../webhooks.http.ts';
import {
  countWebhooks,
  deleteWebhook,
  getWebhook,
  insertWebhook,
  scheduleWeeklyLeaderboard,
  updateWebhook,
  type WebhookRow,
} from '../webhooks.repository.ts';
import { newWebhookSecret } from '../webhooks.signing.ts';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'config'>;
type Actor = { clientId: string; id: string };

const NOT_FOUND = 'Webhook not found';

/** Where an endpoint's deliveries go, as stored: a channel's URL sealed (a credential) and shown masked. */
function addressOf(
  ctx: Pick<AppContext, 'secrets'>,
  format: WebhookFormat,
  checked: string,
): { url: string; sealedUrl: string | null } {
  return isChannelFormat(format)
    ? { url: maskChannelUrl(checked), sealedUrl: ctx.secrets.seal(checked) }
    : { url: checked, sealedUrl: null };
}

/**
 * A new endpoint (POST /api/admin/webhooks): the URL must be https on a public host (resolved now, and again at every
 * delivery); its secret is made here, sealed, and answered this once. 400 naming what is wrong, 409 beyond
 * WEBHOOK_ENDPOINTS_MAX, 503 when the server has no key for secrets; nothing is saved then.
 */
export async function createWebhook(
  ctx: Ctx,
  actor: Actor,
  body: Required<CreateWebhookRequest>,
): Promise<{ row: WebhookRow; secret: string }> {
  const isChannel = isChannelFormat(body.format);
  if (
    (await countWebhooks(ctx.db, { clientId: actor.clientId, channels: isChannel })) >= WEBHOOK_ENDPOINTS_MAX
  )
    throw conflict(
      isChannel
        ? `This app has ${WEBHOOK_ENDPOINTS_MAX} channels connected already: remove one first`
        : `This app has ${WEBHOOK_ENDPOINTS_MAX} webhooks already: remove one first`,
    );
  const checked = await checkEndpointUrl(body.url, webhookTransport(ctx.config).allowPrivate);
  const secret = newWebhookSecret();
  const sealed = ctx.secrets.seal(secret);
  const { url, sealedUrl } = addressOf(ctx, body.format, checked);
  const row = await withTransaction(ctx.db, async (tx) => {
    const created = await insertWebhook(tx, {
      clientId: actor.clientId,
      url,
      sealedUrl,
      format: body.format,
      description: body.description,
      eventTypes: body.event_types as WebhookEventType[],
      secret: sealed,
      createdBy: actor.id,
    });
    if (created.eventTypes.includes('leaderboard.weekly')) await scheduleWeeklyLeaderboard(tx);
    await insertAudit(tx, {
      clientId: actor.clientId,
      entry: {
        userId: actor.id,
        action: 'webhook.created',
        target: created.id,
        data: { url, format: created.format, event_types: created.eventTypes },
      },
    });
    return created;
  });
  return { row, secret };
}

/**
 * Changes an endpoint (PATCH /api/admin/webhooks/{id}): only the fields sent. Turning it on again clears what turned
 * it off (its failures in a row); turning it off stops its deliveries, retries included. 404 for another client's id.
 */
export async function changeWebhook(
  ctx: Ctx,
  actor: Actor,
  id: string,
  body: UpdateWebhookRequest,
): Promise<WebhookRow> {
  const { clientId } = actor;
  const current = await getWebhook(ctx.db, { clientId, id });
  if (!current) throw notFound(NOT_FOUND);
  if (
    body.event_types &&
    isChannelFormat(current.format) &&
    !body.event_types.every((e) => (CHANNEL_EVENT_TYPES as readonly string[]).includes(e))
  )
    throw badRequest(CHANNEL_EVENTS_ERROR);
  const address =
    body.url === undefined
      ? undefined
      : addressOf(
          ctx,
          current.format,
          await checkEndpointUrl(body.url, webhookTransport(ctx.config).allowPrivate),
        );
  const isTurnedOn = body.enabled === true && !current.enabled;
  const isTurnedOff = body.enabled === false && current.enabled;
  const set = {
    ...(address !== undefined && address),
    ...(body.event_types !== undefined && { eventTypes: body.event_types as WebhookEventType[] }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.enabled !== undefined && { enabled: body.enabled }),
    ...(isTurnedOn && { disabledReason: null, disabledAt: null, failureCount: 0 }),
    ...(isTurnedOff && { disabledReason: null, disabledAt: new Date() }),
  };
  if (Object.keys(set).length === 0) return current;
  return withTransaction(ctx.db, async (tx) => {
    const row = await updateWebhook(tx, { clientId, id, set });
    if (!row) throw notFound(NOT_FOUND);
    if (row.enabled && row.eventTypes.includes('leaderboard.weekly')) await scheduleWeeklyLeaderboard(tx);
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: actor.id,
        action: 'webhook.updated',
        target: id,
        data: {
          url: row.url,
          changed: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined),
        },
      },
    });
    return row;
  });
}

/** Removes an endpoint with its delivery log; its queued deliveries are dropped. 404 for another client's id. */
export async function removeWebhook(ctx: Pick<AppContext, 'db'>, actor: Actor, id: string): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    const row = await deleteWebhook(tx, { clientId: actor.clientId, id });
    if (!row) throw notFound(NOT_FOUND);
    await insertAudit(tx, {
      clientId: actor.clientId,
      entry: { userId: actor.id, action: 'webhook.deleted', target: id, data: { url: row.url } },
    });
  });
}

/**
 * A new secret for an endpoint (POST /api/admin/webhooks/{id}/rotate-secret), answered this once. For
 * WEBHOOK_PREVIOUS_SECRET_HOURS deliveries carry a signature with the previous secret too, so the receiver can
 * switch over without losing any. 404 for another client's id.
 */
export async function rotateWebhookSecret(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  actor: Actor,
  id: string,
): Promise<{ row: WebhookRow; secret: string }> {
  const { clientId } = actor;
  const current = await getWebhook(ctx.db, { clientId, id });
  if (!current) throw notFound(NOT_FOUND);
  const secret = newWebhookSecret();
  const sealed = ctx.secrets.seal(secret);
  const row = await withTransaction(ctx.db, async (tx) => {
    const rotated = await updateWebhook(tx, {
      clientId,
      id,
      set: {
        secret: sealed,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3600_000),
      },
    });
    if (!rotated) throw notFound(NOT_FOUND);
    await insertAudit(tx, {
      clientId,
      entry: { userId: actor.id, action: 'webhook.secret_rotated', target: id, data: { url: rotated.url } },
    });
    return rotated;
  });
  return { row, secret };
}
