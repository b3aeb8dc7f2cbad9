import type { ScimToken } from '@rally/shared';
import type { ScimTokenRow } from './scim-tokens.repository.ts';

/** A SCIM token as an admin sees it: never the token or its hash. */
export function presentScimToken(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
