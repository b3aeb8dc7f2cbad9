import { type AuditEntry, getDisplayName } from '@rally/shared';
import type { AuditRow, NameColumns } from './audit.repository.ts';

const nameOf = (c: NameColumns) =>
  getDisplayName({
    email: c.email,
    username: c.username,
    display_username: c.displayUsername,
    first_name: c.firstName,
    last_name: c.lastName,
  });

/** An audit row as the admin Audit log shows it: actor and target user by display name. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: row.userId && row.actor ? { id: row.userId, display_name: nameOf(row.actor) } : null,
    target: row.target,
    target_name: row.targetUser ? nameOf(row.targetUser) : null,
    data: row.data,
    created_at: new Date(row.createdAt).toISOString(),
  };
}
