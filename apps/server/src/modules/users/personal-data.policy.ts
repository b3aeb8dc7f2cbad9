import { allow, type Decision, deny, roleIn } from '../../lib/authorize.ts';
import type { UserActor } from './users.policy.ts';

/** Exporting and erasing a member's personal data (on their request): admins only. */
export const handlePersonalData = (actor: Pick<UserActor, 'role'>): Decision =>
  roleIn(actor.role, ['ADMIN'], 'export or erase personal data');

/** Nobody erases their own account from the admin pages (the client would lose an admin by a slip). */
export function mayErase(actor: Pick<UserActor, 'id'>, target: { id: string }): Decision {
  return target.id === actor.id ? deny('You cannot erase your own account') : allow;
}
