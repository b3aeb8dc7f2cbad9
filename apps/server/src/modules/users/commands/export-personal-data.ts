import type { PersonalDataExport } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { personalData } from '../user-import.repository.ts';

/**
 * GET /api/admin/users/{id}/export: every personal record of a member (profile without the password hash, teams,
 * participations, shares, posts, comments, chat messages they wrote, points ledger, devices); leaves an audit row.
 */
export async function exportPersonalData(
  ctx: AppContext,
  actor: { id: string; clientId: string },
  userId: string,
): Promise<PersonalDataExport> {
  const { clientId } = actor;
  const data = await personalData(ctx.db, { clientId, userId });
  if (!data) throw notFound('User not found');
  await insertAudit(ctx.db, { clientId, entry: { userId: actor.id, action: 'user.export', target: userId } });
  return { exported_at: new Date().toISOString(), ...data };
}
