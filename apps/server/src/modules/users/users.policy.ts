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

/**
 * Changing users (role, teams, deactivation, invitations): admins, and ANALYSTs for the members of the teams they
 * lead (every team when they have no team tags); `mayManage` decides per user.
 */
export const changeUsers = (actor: Pick<UserActor, 'role'>): Decision =>
  roleIn(actor.role, ['ADMIN', 'ANALYST'], 'change users');

/** A user as the manage decisions see them: role and the ids of the teams they belong to. */
export interface ManagedUser {
  id: string;
  role: Role;
  teams: readonly { id: string }[];
}

/**
 * Whether the actor may change this user: an admin may change anyone; an ANALYST never an admin or themselves, and a
 * team lead only the members of the teams they lead.
 */
export function mayManage(actor: UserActor, target: ManagedUser): Decision {
  if (actor.role === 'ADMIN') return allow;
  if (actor.role !== 'ANALYST') return deny('You are not allowed to change users');
  if (target.id === actor.id) return deny('You cannot change your own access');
  if (target.role === 'ADMIN') return deny('Only admins can change an admin');
  if (isTeamLead(actor) && !target.teams.some((t) => actor.team_tags.includes(t.id))) {
    return deny('You can only manage members of the $t(words.teams) you lead');
  }
  return allow;
}

/** The boolean the admin list shows beside each user so the page offers only what the server allows. */
export const canManage = (actor: UserActor, target: ManagedUser): boolean => mayManage(actor, target).allowed;

/** Only admins give the admin role; only admins set which teams an ANALYST leads. */
export function mayGrant(
  actor: Pick<UserActor, 'role'>,
  change: { role?: Role; teamTags?: readonly string[] },
): Decision {
  if (actor.role === 'ADMIN') return allow;
  if (change.role === 'ADMIN') return deny('Only admins can grant the admin role');
  if (change.teamTags !== undefined) return deny('Only admins can choose the $t(words.teams) a lead leads');
  return allow;
}

/** A team lead puts people only on the teams they lead (they could not see them anywhere else). */
export function mayAssignTeams(actor: UserActor, teamIds: readonly string[]): Decision {
  if (!isTeamLead(actor)) return allow;
  return teamIds.every((id) => actor.team_tags.includes(id))
    ? allow
    : deny('You can only add people to the $t(words.teams) you lead');
}

/**
 * The teams whose memberships a change of the user's teams may touch: a team lead's own teams (the member keeps
 * their other teams); null means every team.
 */
export function teamScope(actor: UserActor): readonly string[] | null {
  return isTeamLead(actor) ? actor.team_tags : null;
}

/** Nobody deactivates their own account (the client would lose its last admin by a slip). */
/**
 * Following a CSV import's progress (it lists the invited emails): its author and the client's admins. Another lead
 * learns nothing, not even that it exists (the route answers 404).
 */
export const mayFollowImport = (
  actor: Pick<UserActor, 'id' | 'role'>,
  author: Pick<UserActor, 'id'>,
): boolean => actor.role === 'ADMIN' || actor.id === author.id;

export function mayDeactivate(actor: Pick<UserActor, 'id'>, target: { id: string }): Decision {
  return target.id === actor.id ? deny('You cannot deactivate your own account') : allow;
}

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
    ? deny('Applicants cannot join a $t(words.team) before they are accepted')
    : allow;
}
