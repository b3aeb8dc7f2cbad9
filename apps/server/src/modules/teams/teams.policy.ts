import { isAdminRole, type Role } from '@rally/shared';

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
