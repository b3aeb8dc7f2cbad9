import type { Role } from '@rally/shared';

/** Who may be followed, and whose follows are listed: active members of the client, not applicants. */
export const isFollowable = (user: { isActive: boolean; role: Role }): boolean =>
  user.isActive && user.role !== 'APPLICANT';
