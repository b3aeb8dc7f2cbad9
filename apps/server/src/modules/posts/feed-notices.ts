import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/notify.ts';

/** Link of a post inside the app: the team page for a team post, else the feed. */
export const postLink = (post: { id: string; team_id: string | null }) =>
  post.team_id ? `/community/teams/${post.team_id}?post=${post.id}` : `/community/feed?post=${post.id}`;

/** A short excerpt of a text for a notification body. */
export const excerpt = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Tells newly mentioned members (never the writer) that a post or comment names them. */
export async function notifyMentions(
  tx: Db,
  input: {
    clientId: string;
    actor: { id: string; name: string };
    mentionIds: readonly string[];
    post: { id: string; team_id: string | null };
    text: string;
    where: 'post' | 'comment';
  },
): Promise<void> {
  const users = input.mentionIds.filter((id) => id !== input.actor.id);
  if (users.length === 0) return;
  await notify(tx, {
    clientId: input.clientId,
    kind: 'mention',
    to: { users },
    actorId: input.actor.id,
    title:
      input.where === 'post'
        ? `${input.actor.name} mentioned you in a post`
        : `${input.actor.name} mentioned you in a comment`,
    body: excerpt(input.text),
    message: { key: `mention_${input.where}`, params: { actor: input.actor.name } },
    link: postLink(input.post),
  });
}
