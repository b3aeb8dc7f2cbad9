import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Admins and team leads (ANALYST) review participation (SPEC 6). */
export const reviewParticipations = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN', 'ANALYST'], 'review participation');

/**
 * Which participations a reviewer may see and review: all of the client's, only those of members of the
 * given teams, or none. The repository turns it into SQL.
 */
export type ReviewScope = { kind: 'all' } | { kind: 'teams'; teamIds: string[] } | { kind: 'none' };

/**
 * Which participations a reviewer may see and review (SPEC 6): an ADMIN, or a lead without team tags, sees
 * all of the client's; a team lead only those of members of their teams (team tags are team ids).
 */
export function reviewScope(user: { role: Role; team_tags: string[] }): ReviewScope {
  if (user.role === 'ADMIN' || (user.role === 'ANALYST' && user.team_tags.length === 0))
    return { kind: 'all' };
  if (user.role === 'ANALYST') return { kind: 'teams', teamIds: user.team_tags };
  return { kind: 'none' };
}
