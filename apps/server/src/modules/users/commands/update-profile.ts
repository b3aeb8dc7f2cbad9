import type { UpdateMeRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { queueForReview, screenMemberText } from '../../safety/safety.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import { type ProfileChanges, registerDevice, updateProfile } from '../users.repository.ts';

/** Profile fields members write themselves, with the label brand safety names them by. */
const SCREENED_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['username', 'Username'],
  ['city', 'City'],
  ['state', 'State'],
  ['country', 'Country'],
  ['bio', 'Bio'],
] as const;

/**
 * Runs each changed profile text through brand safety before anything is written (a blocked one refuses the
 * whole request); answers the flagged ones to queue for review once saved.
 */
async function screenProfileText(db: Db, clientId: string, profile: ProfileChanges) {
  const flagged: { text: string; matches: string[] }[] = [];
  for (const [field, label] of SCREENED_FIELDS) {
    const text = profile[field];
    if (!text) continue;
    const verdict = await screenMemberText(db, clientId, label, text);
    if (verdict.flagged.length > 0) flagged.push({ text: `${label}: ${text}`, matches: verdict.flagged });
  }
  return flagged;
}

/**
 * PATCH /api/me: checks the change (a shown username needs one; a picture must be the member's own upload of
 * this client; brand safety refuses blocked text), then registers the push device and writes the profile, and
 * queues flagged profile text for moderators (it stays on the profile). Throws 400 or 409; writes nothing then.
 */
export async function updateMe(
  ctx: AppContext,
  member: {
    clientId: string;
    id: string;
    username: string | null;
    display_username: boolean;
    image_url: string | null;
  },
  body: UpdateMeRequest,
): Promise<void> {
  const { fcm, platform, deviceId, ...profile } = body;
  const { clientId } = member;
  const changes = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
  // Checked before any write, so a refused request registers no device either.
  const nextUsername = 'username' in changes ? changes.username : member.username;
  const nextDisplayUsername =
    'display_username' in changes ? changes.display_username : member.display_username;
  if (nextDisplayUsername === true && !nextUsername) {
    throw badRequest('Username is required to show it instead of your name');
  }
  if (profile.image_url && profile.image_url !== member.image_url) {
    // A picture is the member's own upload: not another member's file, nor another client's.
    const upload = await findClientUpload(ctx, clientId, profile.image_url);
    if (!upload || upload.userId !== member.id) {
      throw badRequest('Image must be a picture you uploaded to this app');
    }
  }
  const flagged = await screenProfileText(ctx.db, clientId, profile);
  const hasChanges = Object.keys(changes).length > 0;
  if (!(fcm && deviceId) && !hasChanges) return;
  await withTransaction(ctx.db, async (tx) => {
    if (fcm && deviceId) {
      // A device id belongs to the account that registered it until that account removes it (logout does).
      const device = { clientId, userId: member.id, deviceId, fcmToken: fcm, platform: platform ?? 'web' };
      if (!(await registerDevice(tx, device))) {
        throw conflict('This device is registered to another account', 'device_taken');
      }
    }
    if (hasChanges) await updateProfile(tx, { clientId, userId: member.id, profile });
    // Flagged profile text stays on the profile; moderators see it in the queue.
    for (const item of flagged) {
      await queueForReview(tx, {
        clientId,
        targetKind: 'profile',
        targetId: member.id,
        authorId: member.id,
        text: item.text,
        matches: item.matches,
        isHeld: false,
      });
    }
  });
}
