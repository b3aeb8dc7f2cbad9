import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Who may do what with the client's own settings (pure functions). */

/** The admin General page, read and written: admins only. */
export const manageClientSettings = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], "change this app's settings");
