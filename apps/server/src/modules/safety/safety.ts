import { isNonWordText } from '@rally/shared';
import { badRequest } from '../../lib/errors.ts';

/**
 * The brand-safety check of member-written text. Today it applies SPEC 5's rule that a text of only
 * non-word characters without emoji is refused; the client's blocked and flagged word lists join it with
 * the brand-safety issue (#4).
 */
export function checkMemberText(label: string, text: string): void {
  if (isNonWordText(text)) throw badRequest(`${label} must contain words, not only symbols`, 'non_word_text');
}
