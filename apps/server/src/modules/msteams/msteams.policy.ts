import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** The Teams app package is made on the Integrations tab: ADMIN only (SPEC 6). */
export const manageTeamsApp = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'download the Microsoft Teams app');
