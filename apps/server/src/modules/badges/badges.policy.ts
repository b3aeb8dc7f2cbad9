import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** The Badges tab is the admins' (SPEC 6); leads (ANALYST) may look at the list. */
export const readBadges = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN', 'ANALYST'], 'see badges');

/** Creating, editing, archiving, reordering, and awarding or revoking by hand: ADMIN only (SPEC 6). */
export const manageBadges = (user: { role: Role }): Decision => roleIn(user.role, ['ADMIN'], 'manage badges');
