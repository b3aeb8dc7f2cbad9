import type { Client, User } from '@rally/shared';
import type { SessionUserRow } from './users.repository.ts';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** The user as /api/me shows it (SPEC 3). */
export function presentUser(row: Omit<SessionUserRow, 'session_id'>, client: Client): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    display_username: row.display_username,
    first_name: row.first_name,
    last_name: row.last_name,
    image_url: row.image_url,
    city: row.city,
    state: row.state,
    country: row.country,
    bio: row.bio,
    role: row.role,
    client_id: row.client_id,
    client,
    contract_id: row.contract_id,
    contract_agreed_at: iso(row.contract_agreed_at),
    onboarded_at: iso(row.onboarded_at),
    email_verified_at: iso(row.email_verified_at),
    created_at: iso(row.created_at)!,
    team_tags: row.team_tags,
    applications: row.applications,
    membership: row.membership,
    is_ghost: row.is_ghost,
    locale: row.locale ?? null,
  };
}
