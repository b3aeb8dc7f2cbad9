import { isNonWordText } from '@rally/shared';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';

/** The verdict on a member-written text that may be published. */
export interface TextVerdict {
  /** Flag rules (phrases) that matched; empty when the text is clean. */
  flagged: string[];
  /** True when flagged text must stay hidden until a moderator approves it (the client's choice). */
  hold: boolean;
}

/**
 * The brand-safety check of member-written text (posts, comments, captions, responses, profile fields, chat).
 * Throws 400 naming the rule when the text is blocked; otherwise says whether it is flagged and held.
 * Today it applies SPEC 5's rule that a text of only non-word characters without emoji is refused; the
 * client's blocked/flagged/allowed word lists join it with the brand-safety module.
 */
export async function screenMemberText(
  _db: Db,
  _clientId: string,
  label: string,
  text: string,
): Promise<TextVerdict> {
  checkMemberText(label, text);
  return { flagged: [], hold: false };
}

/** A flagged text to put in the moderation queue. */
export interface ReviewItem {
  clientId: string;
  /** 'post', 'comment', 'caption', 'profile', 'chat'. */
  targetKind: string;
  targetId: string;
  authorId: string | null;
  text: string;
  matches: string[];
  isHeld: boolean;
}

/** Queues a flagged text for moderators (/admin/safety). */
export async function queueForReview(_db: Db, _item: ReviewItem): Promise<void> {}

/** SPEC 5's non-word check alone (synchronous), for callers that have no database at hand. */
export function checkMemberText(label: string, text: string): void {
  if (isNonWordText(text)) throw badRequest(`${label} must contain words, not only symbols`, 'non_word_text');
}
