import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** The Badges tab is the admins' (SPEC 6), its reads too: a lead sees neither the list, a badge nor its awards. */
export const readBadges = (user: { role: Role }): Decision => roleIn(user.role, ['ADMIN'], 'see badges');

/** Creating, editing, archiving, reordering, and awarding or revoking by hand: ADMIN only (SPEC 6). */
export const manageBadges = (user: { role: Role }): Decision => roleIn(user.role, ['ADMIN'], 'manage badges');
