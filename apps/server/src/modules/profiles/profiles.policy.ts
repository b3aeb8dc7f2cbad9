import type { Role } from '@rally/shared';

/** Applicants and deactivated accounts have no public profile. */
export const hasPublicProfile = (user: { isActive: boolean; role: Role }): boolean =>
  user.isActive && user.role !== 'APPLICANT';

/**
 * Admins and leads see every team and project on a profile; members only the hidden teams they belong to and the
 * projects they may see (a hidden team's or invite-only project's name must not leak).
 */
export const seesAllOfProfile = (viewer: { role: Role }): boolean =>
  viewer.role === 'ADMIN' || viewer.role === 'ANALYST';
