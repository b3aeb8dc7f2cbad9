import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Only admins keep the content library of templates and creatives (SPEC 6). */
export const manageLibrary = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage the library');
