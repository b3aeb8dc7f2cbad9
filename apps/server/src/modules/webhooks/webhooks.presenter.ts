import type { Webhook, WebhookAttempt, WebhookDelivery } from '@rally/shared';
import type { AttemptRow, DeliveryRow, WebhookRow } from './webhooks.repository.ts';

/** An endpoint as an admin sees it: never its secret (current or previous), a channel's URL only masked. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    format: row.format,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : (row.disabledReason ?? null),
    disabled_at: row.enabled ? null : (row.disabledAt?.toISOString() ?? null),
    failure_count: row.failureCount,
    previous_secret_expires_at:
      row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    attempted_at: row.attemptedAt.toISOString(),
    status: row.status,
    response_code: row.responseCode,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    trigger: row.trigger,
  };
}

/** A delivery with its attempts (newest first) and the JSON body it sends. */
export function presentDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType,
    status: row.status,
    response_code: row.lastResponseCode,
    error: row.lastError,
    attempt_count: row.attemptCount,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    payload: JSON.parse(row.body) as unknown,
    attempts: attempts.filter((a) => a.deliveryId === row.id).map(presentAttempt),
  };
}
