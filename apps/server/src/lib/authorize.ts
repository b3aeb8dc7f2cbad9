import type { Role } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

/** The signed-in user's role; routes of the protected scope always have a user. */
export const roleOf = (request: FastifyRequest): Role => request.user!.role as Role;

/** Throws 403 unless the signed-in user has one of the roles. */
export function requireRole(request: FastifyRequest, roles: readonly Role[], what = 'do that'): void {
  if (!roles.includes(roleOf(request))) throw forbidden(`You are not allowed to ${what}`);
}
