import type { Role } from '@rally/shared';
import { sql } from 'drizzle-orm';

/**
 * Which participations a reviewer may see and review (SPEC 6): an ADMIN, or a lead without team tags, sees
 * all of the client's; a team lead only those of members of their teams.
 */
export function reviewScope(user: { role: string; team_tags: string[] }) {
  const role = user.role as Role;
  if (role === 'ADMIN' || (role === 'ANALYST' && user.team_tags.length === 0)) return sql`true`;
  if (role === 'ANALYST') {
    // Team tags are team ids; they are passed as one text parameter (Drizzle would spread an array).
    return sql`exists (select 1 from team_members tm where tm.user_id = pa.user_id
      and tm.team_id::text = any(string_to_array(${user.team_tags.join(',')}, ',')))`;
  }
  return sql`false`;
}
