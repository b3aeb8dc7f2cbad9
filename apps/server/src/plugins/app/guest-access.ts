import { GUEST_ACCOUNT_REQUIRED } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';

/**
 * The only writes a guest (ghost user) may make: ending the session, the shell's active-time ping (which keeps
 * the guest from the idle cleanup), forgetting a device, marking their notifications read, and registering the
 * device for push through PATCH /api/me (SPEC 4: registration happens for ghosts; checked on the body below).
 * Every other write (join, share, post, comment, react, follow, chat, upload, profile…) asks them to sign up.
 */
const GUEST_WRITES = new Set([
  'POST /api/logout',
  'POST /api/time',
  'DELETE /api/fcm/:id',
  'PATCH /api/notifications/:id',
  'POST /api/notifications/read-all',
  'PATCH /api/me',
]);
/** The fields of PATCH /api/me a guest may send: the push registration of their device. */
const GUEST_ME_FIELDS = new Set(['fcm', 'platform', 'deviceId']);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;
const refusal = () =>
  forbidden('Create an account to take part: guests can only look around.', GUEST_ACCOUNT_REQUIRED);

/** onRequest: throws 403 guest_account_required when a guest attempts a write of the protected scope (SPEC 6). */
export function refuseGuestWrites(request: FastifyRequest, user: { is_ghost: boolean }): void {
  if (!user.is_ghost || READS.has(request.method)) return;
  if (!GUEST_WRITES.has(routeOf(request))) throw refusal();
}

/** preValidation: a guest's PATCH /api/me may only register the device for push, not edit a profile. */
export async function refuseGuestProfileEdits(request: FastifyRequest): Promise<void> {
  if (!request.user?.is_ghost || routeOf(request) !== 'PATCH /api/me') return;
  const body = request.body;
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  if (keys.length === 0 || keys.some((key) => !GUEST_ME_FIELDS.has(key))) throw refusal();
}
