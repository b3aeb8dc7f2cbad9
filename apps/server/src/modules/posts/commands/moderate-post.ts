import type { Db } from '../../../db/client.ts';
import { englishOf } from '../../notifications/notification-texts.ts';
import { getClientWords } from '../../notifications/notifications.repository.ts';
import { notify } from '../../notifications/notify.ts';
import type { HeldContentDecision } from '../../safety/safety.hooks.ts';
import { displayNameOf } from '../../users/people.presenter.ts';
import { excerpt, notifyMentions, postLink } from '../feed-notices.ts';
import { isAnnouncer } from '../posts.policy.ts';
import { getAuthor, getPost, publishHeldPost, takeDownPost } from '../posts.repository.ts';

/**
 * A moderator's decision on a queued post, registered with safety as the posts' publisher: approve publishes a
 * held post, and then its mentions (and, for an admin's or lead's team post, the team) hear of it, as they
 * would have when it was written; remove takes the post down. Runs in the moderation transaction.
 */
export async function moderatePost(tx: Db, d: HeldContentDecision): Promise<void> {
  const target = { clientId: d.clientId, id: d.id };
  if (d.decision === 'remove') {
    await takeDownPost(tx, { ...target, removedBy: d.moderatorId });
    return;
  }
  // Held, it told nobody: now its mentions and team hear of it.
  if (!(await publishHeldPost(tx, target))) return;
  const post = await getPost(tx, target);
  if (post?.status !== 'published') return;
  const row = await getAuthor(tx, { clientId: post.clientId, userId: post.authorId });
  if (!row) return;
  const author = { id: row.id, role: row.role, name: displayNameOf(row) };
  const ref = { id: post.id, team_id: post.teamId };
  await notifyMentions(tx, {
    clientId: post.clientId,
    actor: author,
    mentionIds: post.mentions,
    post: ref,
    text: post.body,
    where: 'post',
  });
  if (post.teamId && isAnnouncer({ id: author.id, role: author.role, teamTags: [] })) {
    const announcement = { key: 'team_announcement', params: { actor: author.name } } as const;
    await notify(tx, {
      clientId: post.clientId,
      kind: 'team_announcement',
      to: { team: post.teamId },
      actorId: author.id,
      title: englishOf(announcement, await getClientWords(tx, { clientId: post.clientId })).title,
      body: excerpt(post.body) || null,
      message: announcement,
      link: postLink(ref),
    });
  }
}
