import type { ActivityConfigInput, AdminActivity, AdminProject } from '@rally/shared';
import { displayNameOf } from '../users/people.presenter.ts';
import type { AdminActivityRow, AdminProjectRow, InviteeRow } from './admin-projects.repository.ts';
import { getProjectState } from './projects.policy.ts';
import { iso } from './projects.presenter.ts';

export function presentAdminProject(row: AdminProjectRow): AdminProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.image_url,
    audience: row.audience,
    audience_team_ids: row.audience_team_ids,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    archived_at: iso(row.archived_at),
    state: getProjectState(row),
    activity_count: Number(row.activity_count),
    member_count: Number(row.member_count),
    created_at: iso(row.created_at)!,
  };
}

export function presentAdminActivity(row: AdminActivityRow): AdminActivity {
  return {
    id: row.id,
    project_id: row.project_id,
    type: row.type as AdminActivity['type'],
    title: row.title,
    description: row.description,
    points: row.points,
    starts_at: iso(row.starts_at),
    due_at: iso(row.due_at),
    config: { ...row.config, type: row.type } as ActivityConfigInput,
    participation_count: Number(row.participation_count),
    created_at: iso(row.created_at)!,
  };
}

/** A project with its live activities and invitees (by display name), as the admin detail shows it. */
export function presentAdminProjectDetail(found: {
  project: AdminProjectRow;
  activities: AdminActivityRow[];
  invitees: InviteeRow[];
}) {
  const invited = found.invitees
    .map(({ person }) => ({
      id: person.id,
      display_name: displayNameOf(person),
      image_url: person.imageUrl,
    }))
    .sort((a, b) => a.display_name.localeCompare(b.display_name));
  return {
    ...presentAdminProject(found.project),
    activities: found.activities.map(presentAdminActivity),
    invited_user_ids: invited.map((person) => person.id),
    invited_users: invited,
  };
}
