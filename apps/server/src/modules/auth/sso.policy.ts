import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Single sign-on is set on the Integrations tab: ADMIN only (SPEC 6). */
export const manageSso = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage single sign-on');

/** A client whose sign-in is required through its provider refuses passwords, but for its break-glass admin. */
export const mayUsePassword = (
  connection: { enabled: boolean; mode: string; breakGlassUserId: string | null } | undefined,
  userId: string | undefined,
): boolean =>
  !connection?.enabled ||
  connection.mode !== 'required' ||
  (userId !== undefined && userId === connection.breakGlassUserId);

const RANK: Record<string, number> = { USER: 0, ANALYST: 1, ADMIN: 2 };

/**
 * What the provider's groups give a member at sign-in: the teams of the rules their groups match, among the teams
 * any rule names (others stay as they are); and the highest role of a matching rule, else USER when some rule gives
 * roles (a member who left the admins' group is an admin no longer), else their role as it is. The break-glass
 * admin keeps their role.
 */
export function mapGroups(
  rules: readonly { group: string; team_id: string | null; role: Role | null }[],
  groups: readonly string[],
  current: { role: Role; isBreakGlass: boolean },
): { teamIds: string[]; scope: string[]; role: Role } {
  const held = new Set(groups.map((g) => g.toLowerCase()));
  const matched = rules.filter((rule) => held.has(rule.group.toLowerCase()));
  const scope = [...new Set(rules.flatMap((rule) => (rule.team_id ? [rule.team_id] : [])))];
  const teamIds = [...new Set(matched.flatMap((rule) => (rule.team_id ? [rule.team_id] : [])))];
  const roles = matched.flatMap((rule) => (rule.role ? [rule.role] : []));
  const givesRoles = rules.some((rule) => rule.role !== null);
  let role = current.role;
  if (current.role === 'APPLICANT' || current.isBreakGlass) role = current.role;
  else if (roles.length > 0) role = roles.reduce((a, b) => ((RANK[b] ?? 0) > (RANK[a] ?? 0) ? b : a));
  else if (givesRoles) role = 'USER';
  return { teamIds, scope, role };
}
