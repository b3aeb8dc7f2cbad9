import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** The audit log (who changed what and when): admins only. */
export const seeAudit = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'see the audit log');
