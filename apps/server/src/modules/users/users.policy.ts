import { isTeamLead, type Role } from '@rally/shared';
import { allow, type Decision, deny, roleIn } from '../../lib/authorize.ts';

/** Who may do what with the client's users (pure functions; the routes load the rows). */

/** The signed-in user as the users policies see them. */
export interface UserActor {
  id: string;
  role: Role;
  /** Teams an ANALYST leads; none means a lead of every team. */
  team_tags: readonly string[];
}

/** The admin users list and a user's details: admins and analysts (leads). */
export const seeUsers = (actor: Pick<UserActor, 'role'>): Decision =>
  roleIn(actor.role, ['ADMIN', 'ANALYST'], 'see users');

/** A user's role and teams: admins only. */
export const changeUsers = (actor: Pick<UserActor, 'role'>): Decision =>
  roleIn(actor.role, ['ADMIN'], 'change users');

/**
 * The teams whose people the actor's admin users list is limited to: a team lead sees the people of their
 * teams only; null means every user of the client.
 */
export function visibleUserTeams(actor: Pick<UserActor, 'role' | 'team_tags'>): readonly string[] | null {
  return isTeamLead(actor) ? actor.team_tags : null;
}

/** An admin keeps their own admin role: nobody can lock the client out of its admin pages by accident. */
export function mayChangeRole(
  actor: Pick<UserActor, 'id'>,
  target: { id: string },
  role: Role | undefined,
): Decision {
  return target.id === actor.id && role !== undefined && role !== 'ADMIN'
    ? deny('You cannot take away your own admin role')
    : allow;
}

/** Applicants join teams once accepted: an applicant who stays one cannot be put on a team. */
export function mayJoinTeams(
  target: { role: Role },
  role: Role | undefined,
  teamIds: readonly string[] | undefined,
): Decision {
  return teamIds && target.role === 'APPLICANT' && (role ?? 'APPLICANT') === 'APPLICANT' && teamIds.length > 0
    ? deny('Applicants cannot join a team before they are accepted')
    : allow;
}
