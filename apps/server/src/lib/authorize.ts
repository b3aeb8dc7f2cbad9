import type { Role } from '@rally/shared';
import { forbidden } from './errors.ts';

/**
 * What a policy answers: allowed, or refused with the message (and optional code) the member sees.
 * Policies (`<feature>.policy.ts`) decide; routes and commands call `authorize(decision)`.
 */
export type Decision = { allowed: true } | { allowed: false; message: string; code?: string };

export const allow: Decision = { allowed: true };
export const deny = (message: string, code?: string): Decision => ({ allowed: false, message, code });

/** A decision by role alone: allowed when `role` is one of `roles`, else "You are not allowed to {what}". */
export const roleIn = (role: Role, roles: readonly Role[], what: string): Decision =>
  roles.includes(role) ? allow : deny(`You are not allowed to ${what}`);

/** Throws 403 with the policy's message unless the decision allows. */
export function authorize(decision: Decision): void {
  if (!decision.allowed) throw forbidden(decision.message, decision.code);
}
