import { type Client, hasFeature, type Role } from '@rally/shared';
import { allow, type Decision, deny } from '../../lib/authorize.ts';

interface Viewer {
  role: Role;
  email: string | null;
  is_ghost: boolean;
}

/**
 * My Metrics is part of Performance (SPEC 2: a signed-in user with an email, or feature open); applicants have
 * no performance (SPEC 4). A member only ever reads their own figures: the route has no member to choose.
 */
export function readMetrics(user: Viewer, client: Client): Decision {
  if (user.role === 'APPLICANT') return deny('Applicants have no performance figures');
  const open = hasFeature(
    client.features.map((f) => f.id),
    'open',
  );
  if (!user.email && !open) return deny('Performance needs an account with an email');
  return allow;
}

/** Home's own figures: every signed-in person but applicants (SPEC 4 pins them to their application). */
export const readSummary = (user: Viewer): Decision =>
  user.role === 'APPLICANT' ? deny('Applicants have no home figures') : allow;

/** Whether the person is ranked on boards (guests and applicants are not), as the leaderboard ranks. */
export const isRankedMember = (user: Viewer): boolean => !user.is_ghost && user.role !== 'APPLICANT';
