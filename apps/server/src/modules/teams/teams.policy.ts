import { isAdminRole, type Role } from '@rally/shared';
import { allow, type Decision, deny, roleIn } from '../../lib/authorize.ts';

/** The parts of a team and a viewer that decide what the viewer may do with it. */
export interface TeamAccess {
  isDiscoverable: boolean;
  isMember: boolean;
  role: Role;
}

/**
 * Whether the viewer may see the team: its members, everyone when it is discoverable, and admins and leads
 * (who manage teams). A hidden team stays a 404 to everyone else.
 */
export function canViewTeam(a: TeamAccess): boolean {
  return a.isMember || a.isDiscoverable || isAdminRole({ role: a.role, team_tags: [] });
}

/** Members join only discoverable teams they are not in yet; admins place people in the others. */
export function canJoinTeam(a: TeamAccess): boolean {
  return a.isDiscoverable && !a.isMember;
}

/** Members join only discoverable teams; a hidden one is refused with the way in (an admin adds them). */
export function joinTeam(a: TeamAccess): Decision {
  return canJoinTeam(a) ? allow : deny('This $t(words.team) is not open to join; ask an admin to add you');
}

/** Admins and analysts (team leads) read the admin list of teams. */
export const seeAdminTeams = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN', 'ANALYST'], 'see $t(words.teams)');

/** Only admins create, edit, delete and staff teams. */
export const manageTeams = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage $t(words.teams)');

/** Applicants are not in a team before they are accepted; every other member of the client may be placed. */
export const mayBePlacedInTeam = (user: { role: Role }): boolean => user.role !== 'APPLICANT';
