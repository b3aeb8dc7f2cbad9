import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Brand safety (word lists, settings, the moderation queue) is the admins' (SPEC 6). */
export const manageSafety = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN'], 'manage brand safety');
