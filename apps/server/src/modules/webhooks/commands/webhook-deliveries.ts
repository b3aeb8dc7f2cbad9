import { type ListQuery, WEBHOOK_TEST_EVENT } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { DELIVER_JOB, type DeliverJobPayload, queueDeliveries, testPingData } from '../webhooks.events.ts';
import {
  type AttemptRow,
  type DeliveryRow,
  findAttempts,
  findDeliveries,
  getEndpointDelivery,
  getWebhook,
  reopenDelivery,
} from '../webhooks.repository.ts';

type Ctx = Pick<AppContext, 'db'>;
type Actor = { clientId: string; id: string };

/** Attempts shown with each delivery of the log (a delivery has at most WEBHOOK_MAX_ATTEMPTS plus its Resends). */
const ATTEMPTS_SHOWN = 20;

async function endpointOf(ctx: Ctx, clientId: string, id: string) {
  const endpoint = await getWebhook(ctx.db, { clientId, id });
  if (!endpoint) throw notFound('Webhook not found');
  return endpoint;
}

/** Deliveries with their attempts, for the presenter. */
export interface DeliveriesWithAttempts {
  deliveries: DeliveryRow[];
  attempts: AttemptRow[];
}

async function withAttempts(
  ctx: Ctx,
  clientId: string,
  rows: DeliveryRow[],
): Promise<DeliveriesWithAttempts> {
  const attempts = await findAttempts(ctx.db, {
    clientId,
    deliveryIds: rows.map((r) => r.id),
    perDelivery: ATTEMPTS_SHOWN,
  });
  return { deliveries: rows, attempts };
}

/** An endpoint's delivery log, newest first, a keyset page at a time, each delivery with its attempts. */
export async function listDeliveries(
  ctx: Ctx,
  { clientId, endpointId, query }: { clientId: string; endpointId: string; query: ListQuery },
): Promise<DeliveriesWithAttempts & { nextCursor: string | null }> {
  await endpointOf(ctx, clientId, endpointId);
  const page = await findDeliveries(ctx.db, { clientId, endpointId, query });
  return { ...(await withAttempts(ctx, clientId, page.items)), nextCursor: page.nextCursor };
}

/**
 * Queues a `webhook.test` ping to an endpoint (POST /api/admin/webhooks/{id}/test): one attempt, no retries, and it
 * counts neither for nor against the endpoint; it also goes to an endpoint that is turned off, to check it before
 * turning it on again. Answers the pending delivery; its outcome appears in the log.
 */
export async function sendTestPing(ctx: Ctx, actor: Actor, endpointId: string): Promise<DeliveryRow> {
  await endpointOf(ctx, actor.clientId, endpointId);
  const [row] = await withTransaction(ctx.db, (tx) =>
    queueDeliveries(tx, {
      clientId: actor.clientId,
      type: WEBHOOK_TEST_EVENT,
      data: testPingData(endpointId),
      endpointIds: [endpointId],
    }),
  );
  return row!;
}

/**
 * Sends a finished delivery again (Resend): one more attempt of the same message (same `webhook-id` and body, a new
 * timestamp and signature), no automatic retries. 404 for another endpoint's or client's delivery, 409 while it is
 * still being sent or the endpoint is turned off.
 */
export async function resendDelivery(
  ctx: Ctx,
  actor: Actor,
  { endpointId, deliveryId }: { endpointId: string; deliveryId: string },
): Promise<DeliveriesWithAttempts> {
  const { clientId } = actor;
  const endpoint = await endpointOf(ctx, clientId, endpointId);
  if (!endpoint.enabled)
    throw conflict('This webhook is turned off: turn it on to resend', 'webhook_disabled');
  const row = await withTransaction(ctx.db, async (tx) => {
    const reopened = await reopenDelivery(tx, { clientId, id: deliveryId, endpointId });
    if (!reopened) {
      if (!(await getEndpointDelivery(tx, { clientId, id: deliveryId, endpointId })))
        throw notFound('Delivery not found');
      throw conflict('This delivery is being sent already', 'delivery_pending');
    }
    await enqueueJob(tx, DELIVER_JOB, {
      clientId,
      deliveryId,
      trigger: 'resend',
    } satisfies DeliverJobPayload);
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: actor.id,
        action: 'webhook.delivery_resent',
        target: endpointId,
        data: { delivery_id: deliveryId, event_type: reopened.eventType },
      },
    });
    return reopened;
  });
  return withAttempts(ctx, clientId, [row]);
}
