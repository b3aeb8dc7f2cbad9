import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Contracts live on the General page: admins only (SPEC 6). */
export const manageContracts = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage contracts');
