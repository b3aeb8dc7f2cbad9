import { getDisplayName, IMAGE_VARIANT_WIDTHS, imageVariantName } from '@rally/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { authorize } from '../../../lib/authorize.ts';
import { notFound } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { anonymiseActorNotifications } from '../../notifications/notifications.repository.ts';
import { mayErase } from '../personal-data.policy.ts';
import {
  type ErasableUser,
  erasePersonalData,
  getErasable,
  lockErasable,
} from '../user-import.repository.ts';

/**
 * POST /api/admin/users/{id}/erase: removes a member's personal fields (email, names, image, profile, language,
 * activity times, password, sessions, push devices, tokens, their notifications, application answers) and
 * deactivates the account; their posts, comments and chat messages stay and show "Deleted member"; notifications
 * they caused say "A former member" instead of their name; points ledger rows stay, so totals do not change.
 * Their personal uploads (avatar, application files) are deleted from storage after the commit: a file that
 * cannot be deleted is logged, the erase stands. Audit row kept without personal data.
 */
export async function eraseUser(
  ctx: AppContext,
  actor: { id: string; clientId: string },
  userId: string,
  opts: { log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<void> {
  const { clientId } = actor;
  const target = await getErasable(ctx.db, { clientId, userId });
  if (!target) throw notFound('User not found');
  authorize(mayErase(actor, target));
  const fileKeys = await withTransaction(ctx.db, async (tx) => {
    await lockErasable(tx, { clientId, userId });
    await anonymiseActorNotifications(tx, { clientId, actorId: userId, names: namesOf(target) });
    const keys = await erasePersonalData(tx, { clientId, userId });
    await insertAudit(tx, {
      clientId,
      entry: { userId: actor.id, action: 'user.erase', target: userId, data: { files: keys.length } },
    });
    return keys;
  });
  await ctx.sessions.invalidateUser(userId);
  await removeStoredFiles(ctx, fileKeys, opts.log);
}

/** Every way notifications may have named the member: display name, full name, username, email. */
function namesOf(u: ErasableUser): string[] {
  const fullName = [u.firstName, u.lastName]
    .map((n) => n?.trim())
    .filter(Boolean)
    .join(' ');
  const displayName = getDisplayName({
    email: u.email,
    username: u.username,
    display_username: u.displayUsername,
    first_name: u.firstName,
    last_name: u.lastName,
  });
  return [displayName, fullName, u.username ?? '', u.email ?? ''];
}

/** Deletes stored files and their width copies (images); a failure is logged and the others still go. */
async function removeStoredFiles(
  ctx: Pick<AppContext, 'storage'>,
  keys: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  for (const key of keys) {
    const copies = key.endsWith('.webp') ? IMAGE_VARIANT_WIDTHS.map((w) => imageVariantName(key, w)) : [];
    for (const k of [key, ...copies]) {
      try {
        await ctx.storage.remove(k);
      } catch (err) {
        log.warn({ err, key: k }, 'user.erase: a stored file of the erased member was not deleted');
      }
    }
  }
}
