import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@rally/shared';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of random bytes, and
 * `webhook-signature` is `v1,` + base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}` keyed with the
 * secret's decoded bytes; several signatures (during a rotation) are separated by spaces.
 */

/** A new endpoint secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** One `v1,…` signature of a message with a `whsec_…` secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: a signature with each secret (the current one first). */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' ');
}
