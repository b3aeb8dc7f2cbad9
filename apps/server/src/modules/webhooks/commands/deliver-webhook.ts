import {
  type ChannelFormat,
  DEFAULT_LOCALE,
  isChannelFormat,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryStatus,
  type WebhookPayload,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { wordsIn } from '../../../lib/client-words.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { linkOriginOf } from '../../../lib/origins.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { findClientWithLinkHost } from '../../clients/clients.repository.ts';
import { englishOf } from '../../notifications/notification-texts.ts';
import { notify } from '../../notifications/notify.ts';
import { displayNameOf } from '../../users/people.presenter.ts';
import { channelBody, messageOf } from '../webhooks.channels.ts';
import { DELIVER_JOB, type DeliverJobPayload } from '../webhooks.events.ts';
import { type PostOutcome, postWebhook, webhookTransport } from '../webhooks.http.ts';
import {
  clearEndpointFailures,
  countEndpointFailure,
  type DeliveryRow,
  disableFailingEndpoint,
  dropExpiredPreviousSecret,
  getDeliveryWithEndpoint,
  getMemberNameFields,
  insertAttempt,
  listActiveAdmins,
  pruneDeliveries,
  updateDelivery,
  type WebhookRow,
} from '../webhooks.repository.ts';
import { signatureHeader } from '../webhooks.signing.ts';

/** The job that mails a client's admins that an endpoint was turned off (webhooks.jobs.ts). */
export const DISABLED_MAIL_JOB = 'webhooks.disabled-mail';

/** A delivery log keeps this many days; older finished deliveries are pruned as new ones finish. */
const RETENTION_DAYS = 30;
const PRUNE_BATCH = 50;

type Ctx = Pick<AppContext, 'config' | 'secrets'>;

/** The smallest UUIDv7 of a moment: every id made before it sorts below it. */
function uuidv7At(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** The signing secrets of an endpoint now: its own, and the previous one while the rotation overlap lasts. */
function secretsOf(ctx: Ctx, endpoint: WebhookRow, now: Date): string[] {
  const current = ctx.secrets.open(endpoint.secret);
  const hasPrevious =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return hasPrevious ? [current, ctx.secrets.open(endpoint.previousSecret!)] : [current];
}

/** The in-app notification, mail and audit row of an endpoint the server turned off. */
async function alertAdmins(tx: Db, endpoint: WebhookRow, failures: number): Promise<void> {
  const { clientId } = endpoint;
  const admins = await listActiveAdmins(tx, { clientId });
  const message = {
    key: 'webhook_disabled',
    body_key: 'webhook_disabled_text',
    params: { url: endpoint.url, count: String(failures) },
  } as const;
  const english = englishOf(message);
  await notify(tx, {
    clientId,
    kind: 'integration_alert',
    to: { users: admins.map((a) => a.id) },
    actorId: null,
    title: english.title,
    body: english.body ?? null,
    message,
    link: '/admin/integrations',
  });
  await enqueueJob(tx, DISABLED_MAIL_JOB, { clientId, endpointId: endpoint.id, failures });
  await insertAudit(tx, {
    clientId,
    entry: {
      userId: null,
      action: 'webhook.disabled',
      target: endpoint.id,
      data: { url: endpoint.url, failures },
    },
  });
}

/** The message a channel is posted for a delivery's event, with the client's name, words and domain of now. */
async function channelMessageBody(
  ctx: Ctx,
  db: Db,
  format: ChannelFormat,
  clientId: string,
  storedBody: string,
): Promise<string> {
  const payload = JSON.parse(storedBody) as WebhookPayload;
  const found = await findClientWithLinkHost(db, { clientId });
  const client = {
    name: found?.client.name ?? '',
    origin: linkOriginOf(found?.linkHost ?? null, ctx.config.publicUrl),
    words: wordsIn(DEFAULT_LOCALE, found?.client.config),
  };
  const memberId = typeof payload.data.member_id === 'string' ? payload.data.member_id : null;
  const member = memberId ? await getMemberNameFields(db, { clientId, userId: memberId }) : undefined;
  const memberName = member ? displayNameOf(member) : null;
  return channelBody(format, messageOf(payload, client, { member: memberName }));
}

interface Outcome {
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date | null;
}

/** What an attempt leads to: done, a retry after the next wait, or failed for good. */
function nextStep(
  delivery: DeliveryRow,
  trigger: DeliverJobPayload['trigger'],
  result: PostOutcome,
  retryDelaysMs: readonly number[],
): Outcome {
  if (result.isSuccess) return { status: 'succeeded', nextAttemptAt: null };
  // A test ping is tried once, a Resend is one more attempt: only events retry by themselves.
  const delay =
    trigger === 'scheduled' && delivery.eventType !== WEBHOOK_TEST_EVENT
      ? retryDelaysMs[delivery.attemptCount]
      : undefined;
  return delay === undefined
    ? { status: 'failed', nextAttemptAt: null }
    : { status: 'pending', nextAttemptAt: new Date(Date.now() + delay) };
}

/**
 * One attempt of a delivery (the `webhooks.deliver` job): signs the stored body with the endpoint's secret(s) and a
 * fresh timestamp, POSTs it (no transaction is open while it waits on the network), then records the attempt in one
 * transaction with what follows: the next retry's job, or the final status. An event that failed for good counts
 * against its endpoint; at WEBHOOK_DISABLE_AFTER_FAILURES in a row the endpoint is turned off and the client's
 * admins are told. A delivery that is gone (endpoint removed) or no longer pending is left alone.
 */
export async function deliverWebhook(ctx: Ctx, db: Db, payload: DeliverJobPayload): Promise<void> {
  const { clientId, deliveryId, trigger } = payload;
  const found = await getDeliveryWithEndpoint(db, { clientId, id: deliveryId });
  if (found?.delivery.status !== 'pending') return;
  const { delivery, endpoint } = found;
  const isTest = delivery.eventType === WEBHOOK_TEST_EVENT;
  if (!endpoint.enabled && !isTest) {
    await updateDelivery(db, {
      clientId,
      id: deliveryId,
      set: {
        status: 'failed',
        nextAttemptAt: null,
        lastError: 'The webhook was turned off before this was sent',
      },
    });
    return;
  }
  const settings = webhookTransport(ctx.config);
  const now = new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  let result: PostOutcome;
  if (isChannelFormat(endpoint.format)) {
    // A channel is posted the message the event makes (its incoming-webhook URL is the credential; no signature).
    const body = await channelMessageBody(ctx, db, endpoint.format, clientId, delivery.body);
    const headers = { 'content-type': 'application/json', 'user-agent': 'Rally-Webhooks/1.0' };
    result = await postWebhook(ctx.secrets.open(endpoint.sealedUrl!), headers, body, settings);
  } else {
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Rally-Webhooks/1.0',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(
        secretsOf(ctx, endpoint, now),
        delivery.id,
        timestamp,
        delivery.body,
      ),
    };
    result = await postWebhook(endpoint.url, headers, delivery.body, settings);
  }
  const next = nextStep(delivery, trigger, result, settings.retryDelaysMs);
  await withTransaction(db, async (tx) => {
    const recorded = await updateDelivery(tx, {
      clientId,
      id: deliveryId,
      set: {
        status: next.status,
        attemptCount: delivery.attemptCount + 1,
        lastAttemptAt: now,
        lastResponseCode: result.responseCode,
        lastError: result.error,
        nextAttemptAt: next.nextAttemptAt,
      },
    });
    // Removed with its endpoint while the request was out: nothing is left to record.
    if (!recorded) return;
    await insertAttempt(tx, {
      clientId,
      deliveryId,
      attemptedAt: now,
      status: result.isSuccess ? 'succeeded' : 'failed',
      responseCode: result.responseCode,
      durationMs: result.durationMs,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
      trigger,
    });
    if (next.nextAttemptAt) {
      await enqueueJob(tx, DELIVER_JOB, { ...payload }, next.nextAttemptAt);
      return;
    }
    const endpointKey = { clientId, id: endpoint.id };
    if (!isTest && next.status === 'succeeded') await clearEndpointFailures(tx, endpointKey);
    if (!isTest && next.status === 'failed' && trigger === 'scheduled') {
      const failures = await countEndpointFailure(tx, endpointKey);
      if (failures !== undefined && failures >= WEBHOOK_DISABLE_AFTER_FAILURES) {
        const disabled = await disableFailingEndpoint(tx, endpointKey);
        if (disabled) await alertAdmins(tx, disabled, failures);
      }
    }
    await pruneDeliveries(tx, {
      clientId,
      endpointId: endpoint.id,
      beforeId: uuidv7At(Date.now() - RETENTION_DAYS * 86_400_000),
      limit: PRUNE_BATCH,
    });
    if (endpoint.previousSecret) await dropExpiredPreviousSecret(tx, endpointKey);
  });
}
