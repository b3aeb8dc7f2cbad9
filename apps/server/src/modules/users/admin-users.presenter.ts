import type { AdminUser } from '@rally/shared';
import type { AdminUserRow } from './admin-users.repository.ts';
import { displayNameOf } from './people.presenter.ts';
import { canManage, type UserActor } from './users.policy.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A user as the admin list shows them to this actor, with whether the actor may change them. */
export function presentAdminUser(row: AdminUserRow, actor: UserActor): AdminUser {
  return {
    id: row.id,
    email: row.email,
    display_name: displayNameOf(row),
    image_url: row.imageUrl,
    role: row.role,
    team_tags: row.teamTags,
    teams: row.teams,
    is_active: row.isActive,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
    invited_at: iso(row.invitedAt),
    last_active_at: iso(row.lastActiveAt),
    can_manage: canManage(actor, row),
  };
}
