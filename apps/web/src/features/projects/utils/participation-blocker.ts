import type { Activity, Project } from '@rally/shared';

/** Why a member cannot take part in an activity now (the server's rules, for the explanation only). */
export type ParticipationBlocker = 'ended' | 'projectUpcoming' | 'notJoined' | 'notStarted' | 'closed';

/**
 * Mirrors the server's participation rule so the page can say why: the project must be running and
 * joined, and the activity started and not past its due date. The server's `can_participate` decides.
 */
export function getParticipationBlocker(
  project: Pick<Project, 'state' | 'joined'>,
  activity: Pick<Activity, 'starts_at' | 'due_at'>,
  now: number = Date.now(),
): ParticipationBlocker | null {
  if (project.state === 'ended' || project.state === 'archived') return 'ended';
  if (project.state === 'upcoming') return 'projectUpcoming';
  if (!project.joined) return 'notJoined';
  if (activity.starts_at && new Date(activity.starts_at).getTime() > now) return 'notStarted';
  if (activity.due_at && new Date(activity.due_at).getTime() < now) return 'closed';
  return null;
}
