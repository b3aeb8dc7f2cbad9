import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Webhooks are set on the Integrations tab: ADMIN only (SPEC 6), their delivery log and Resend included. */
export const manageWebhooks = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage webhooks');
