import type { Role } from '../constants/domain.ts';

/** The part of a user that role checks read. */
export type RoleUser = {
  /** The user's role (SPEC 6). */
  role: Role;
  /** Team tags; an ANALYST with tags is a team lead limited to those teams. */
  team_tags: readonly string[];
};

type MaybeUser = RoleUser | null | undefined;

/** True for anyone allowed in the admin area: ADMIN or ANALYST (SPEC 6). */
export function isAdminRole(user: MaybeUser): boolean {
  return user?.role === 'ADMIN' || user?.role === 'ANALYST';
}

/** True for role ADMIN (adminOnly items, SPEC 5). */
export function isAdmin(user: MaybeUser): boolean {
  return user?.role === 'ADMIN';
}

/** True for a global admin: ADMIN with no team tags (SPEC 6). */
export function isGlobalAdmin(user: MaybeUser): boolean {
  if (!user) return false;
  return user.role === 'ADMIN' && user.team_tags.length === 0;
}

/** True for a team lead: ANALYST with at least one team tag. */
export function isTeamLead(user: MaybeUser): boolean {
  if (!user) return false;
  return user.role === 'ANALYST' && user.team_tags.length > 0;
}

/** True when leadOnly items (Applicants) are visible: ADMIN, or ANALYST with no team tags (SPEC 5). */
export function canSeeLeadOnly(user: MaybeUser): boolean {
  if (!user) return false;
  if (user.role === 'ADMIN') return true;
  return user.role === 'ANALYST' && user.team_tags.length === 0;
}

/** True for role APPLICANT. */
export function isApplicant(user: MaybeUser): boolean {
  return user?.role === 'APPLICANT';
}
