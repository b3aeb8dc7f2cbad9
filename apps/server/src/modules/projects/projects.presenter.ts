import type { Activity, ActivityStatus, Project } from '@rally/shared';
import { getProjectAbilities, getProjectState } from './projects.policy.ts';
import type { ActivityRow, ProjectRow } from './projects.repository.ts';

export const iso = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();

/** A project as the member sees it (SPEC 3: projects with context.training and completed). */
export function presentProject(row: ProjectRow): Project {
  const state = getProjectState(row);
  const activityCount = Number(row.activity_count ?? 0);
  const completedCount = Number(row.completed_count ?? 0);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.image_url,
    audience: row.audience,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    state,
    joined: row.joined,
    completed: activityCount > 0 && completedCount === activityCount,
    activity_types: (row.activity_types ?? []).slice().sort(),
    activity_count: activityCount,
    completed_count: completedCount,
    points: Number(row.points ?? 0),
    pending_trainings: Number(row.pending_trainings ?? 0),
    context: { training: Boolean(row.has_training) },
    abilities: getProjectAbilities(state, row.joined),
  };
}

/** The member's status for an activity. */
export function getActivityStatus(row: Pick<ActivityRow, 'participation_status'>): ActivityStatus {
  switch (row.participation_status) {
    case null:
      return 'todo';
    case 'pending':
      return 'pending';
    case 'rejected':
      return 'rejected';
    default:
      return 'completed';
  }
}

/** An activity as the member sees it in a project. */
export function presentActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    project_id: row.project_id,
    type: row.type,
    title: row.title,
    description: row.description,
    points: row.points,
    starts_at: iso(row.starts_at),
    due_at: iso(row.due_at),
    status: getActivityStatus(row),
    participation: row.participation_id
      ? {
          id: row.participation_id,
          status: row.participation_status!,
          data: row.participation_data ?? {},
          reject_reason: row.reject_reason,
          created_at: iso(row.participation_created_at)!,
        }
      : null,
  };
}
