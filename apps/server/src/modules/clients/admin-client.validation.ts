import type { AdminClientInput, AdminClientSettings } from '@rally/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { teams } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';

const IMAGE_FIELDS = ['image_url', 'home_image_url', 'favicon_url'] as const;

/**
 * Checks what the schema cannot, before anything is written: a new image must be an image uploaded to this
 * client (an unchanged one, e.g. a built-in brand file, stays), and override teams must be this client's.
 */
export async function checkClientChange(
  ctx: AppContext,
  clientId: string,
  current: AdminClientSettings,
  patch: Partial<AdminClientInput>,
): Promise<void> {
  for (const field of IMAGE_FIELDS) {
    const url = patch[field];
    if (!url || url === current[field]) continue;
    const upload = await findClientUpload(ctx, clientId, url);
    if (!upload) throw badRequest(`${field}: must be an image uploaded to this app`);
    if (!upload.contentType.startsWith('image/')) throw badRequest(`${field}: must be an image`);
  }
  const teamIds = patch.pause_override ?? [];
  if (teamIds.length === 0) return;
  const found = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clientId, clientId), inArray(teams.id, teamIds)));
  if (found.length !== teamIds.length)
    throw badRequest('pause_override: every id must be a team of this app');
}
