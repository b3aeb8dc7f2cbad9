import type { Db } from '../../../db/client.ts';
import { queueForReview, screenMemberText, type TextVerdict } from '../../safety/safety.ts';
import { insertFeedItem } from '../posts.repository.ts';

const IMAGE_URL = /^\/api\/files\/[0-9a-f-]{36}\.(webp|png|jpe?g|gif|avif)$/i;

/**
 * Puts a member's share (kind 'share') or approved Brand Content (kind 'content') into the client's feed, once
 * per source: calling it again for the same source changes nothing. `body` and `images` may be taken straight
 * from stored data; anything that is not text or an image file URL is left out.
 */
export async function addFeedItem(
  db: Db,
  item: {
    clientId: string;
    authorId: string;
    kind: 'share' | 'content';
    sourceId: string;
    body: unknown;
    images: unknown;
  },
): Promise<void> {
  const body = typeof item.body === 'string' ? item.body.slice(0, 5_000) : '';
  const images = Array.isArray(item.images)
    ? item.images.filter((u): u is string => typeof u === 'string' && IMAGE_URL.test(u)).slice(0, 4)
    : [];
  // A share's text goes to the member's own network unreviewed, but in the feed it follows the client's rules:
  // flagged text is held (when the client holds) and queued as this post, so that a moderator decides here too.
  let verdict: TextVerdict = { flagged: [], hold: false };
  if (item.kind === 'share' && body) {
    try {
      verdict = await screenMemberText(db, item.clientId, 'Post', body);
    } catch {
      return; // blocked since it was written (a rule added meanwhile): it stays out of the feed
    }
  }
  const status = verdict.flagged.length > 0 && verdict.hold ? 'held' : 'published';
  const id = await insertFeedItem(db, {
    clientId: item.clientId,
    authorId: item.authorId,
    kind: item.kind,
    sourceId: item.sourceId,
    body,
    images,
    status,
  });
  if (id && verdict.flagged.length > 0) {
    await queueForReview(db, {
      clientId: item.clientId,
      targetKind: 'post',
      targetId: id,
      authorId: item.authorId,
      text: body,
      matches: verdict.flagged,
      isHeld: status === 'held',
    });
  }
}
