import type { Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

/** Where a project stands in time (or archived). */
export type ProjectState = 'upcoming' | 'active' | 'ended' | 'archived';

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/** The project's state at `now`. */
export function getProjectState(
  p: { starts_at: Date | string | null; ends_at: Date | string | null; archived_at: Date | string | null },
  now = Date.now(),
): ProjectState {
  if (p.archived_at) return 'archived';
  const starts = time(p.starts_at);
  const ends = time(p.ends_at);
  if (ends !== null && ends < now) return 'ended';
  if (starts !== null && starts > now) return 'upcoming';
  return 'active';
}

/** What the member may do with a project they can see. */
export function getProjectAbilities(state: ProjectState, joined: boolean) {
  return {
    join: !joined && (state === 'active' || state === 'upcoming'),
    leave: joined && state !== 'archived',
  };
}

/** Why a member cannot take part in an activity now. */
export type BlockerReason =
  | 'project_ended'
  | 'project_upcoming'
  | 'not_joined'
  | 'activity_upcoming'
  | 'activity_closed';

/**
 * Why the member cannot take part in an activity now, or null when they can: they must have joined an
 * active project, the activity must have started and not be past its due date.
 */
export function getParticipationBlocker(
  a: { starts_at: Date | string | null; due_at: Date | string | null },
  project: { state: ProjectState; joined: boolean },
  now = Date.now(),
): { reason: BlockerReason; message: string } | null {
  if (project.state === 'ended' || project.state === 'archived') {
    return { reason: 'project_ended', message: 'This $t(words.project) has ended' };
  }
  if (project.state === 'upcoming')
    return { reason: 'project_upcoming', message: 'This $t(words.project) has not started yet' };
  if (!project.joined) return { reason: 'not_joined', message: 'Join the $t(words.project) first' };
  const starts = time(a.starts_at);
  if (starts !== null && starts > now)
    return { reason: 'activity_upcoming', message: 'This activity has not started yet' };
  const due = time(a.due_at);
  if (due !== null && due < now) {
    return { reason: 'activity_closed', message: 'This activity is closed: its due date has passed' };
  }
  return null;
}

/** The blocker of an activity row read with its project's dates and the member's membership (one query). */
export function getActivityBlocker(row: {
  starts_at: Date | string | null;
  due_at: Date | string | null;
  project_starts_at: Date | string | null;
  project_ends_at: Date | string | null;
  project_archived_at: Date | string | null;
  joined: boolean;
}) {
  const state = getProjectState({
    starts_at: row.project_starts_at,
    ends_at: row.project_ends_at,
    archived_at: row.project_archived_at,
  });
  return getParticipationBlocker(row, { state, joined: row.joined });
}

/** Admins and team leads (ANALYST, who see the admin area's Projects tab) read projects there. */
export const seeAdminProjects = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN', 'ANALYST'], 'see $t(words.projects) in the admin area');

/** Only admins create, edit, schedule, archive and invite to projects, and manage their activities (SPEC 6). */
export const manageProjects = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage $t(words.projects)');
