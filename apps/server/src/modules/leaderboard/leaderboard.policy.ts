import { type Client, hasFeature, type Role } from '@rally/shared';
import { allow, type Decision, deny } from '../../lib/authorize.ts';

/** Refused unless the client has the leaderboard feature (the tab rules hide it then, SPEC 6). */
export function seeLeaderboard(client: Client): Decision {
  return hasFeature(
    client.features.map((f) => f.id),
    'leaderboard',
  )
    ? allow
    : deny('The leaderboard is not enabled for this app');
}

/** Admins and leads may see emails as a name of last resort (SPEC 6); members never see others' emails. */
export const canSeeEmails = (role: Role): boolean => role === 'ADMIN' || role === 'ANALYST';

/** Admins and leads may rank any project of their client; members only the projects they may see. */
export const canRankAnyProject = (role: Role): boolean => role === 'ADMIN' || role === 'ANALYST';

/** Whether the signed-in person is ranked among members (guests and applicants are not). */
export const isRankedMember = (user: { role: Role; is_ghost: boolean }): boolean =>
  !user.is_ghost && user.role !== 'APPLICANT';
