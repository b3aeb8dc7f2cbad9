import type { ReactionKind } from '@rally/shared';
import { eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../db/client.ts';
import { posts } from '../../../db/schema/index.ts';
import { notify } from '../../notifications/notify.ts';
import { postLink } from './feed-notices.ts';
import type { Writer } from './write-post.ts';

type PostRef = { id: string; team_id: string | null; author_id: string };

const bumpReactionCount = (tx: Db, postId: string, by: number) =>
  tx
    .update(posts)
    .set({ reactionCount: sql`greatest(${posts.reactionCount} + ${by}, 0)` })
    .where(eq(posts.id, postId));

/**
 * Sets the member's one reaction to a post (a new kind replaces the old). Only a first reaction counts on the
 * post and notifies its author. The upsert tells whether it inserted (xmax = 0), so of two calls at once on
 * PostgreSQL one inserts and the other, waiting on the key, updates: the count moves once.
 */
export async function setReaction(db: Db, writer: Writer, post: PostRef, kind: ReactionKind): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await selectRows<{ inserted: boolean }>(
      tx,
      sql`insert into reactions (client_id, post_id, user_id, kind) values (${writer.clientId}, ${post.id}, ${writer.id}, ${kind})
          on conflict (post_id, user_id) do update set kind = excluded.kind
          returning (xmax = 0) as inserted`,
    );
    if (!row?.inserted) return;
    await bumpReactionCount(tx, post.id, 1);
    if (post.author_id === writer.id) return;
    await notify(tx, {
      clientId: writer.clientId,
      kind: 'reaction',
      to: { users: [post.author_id] },
      actorId: writer.id,
      title: `${writer.name} reacted to your post`,
      body: null,
      link: postLink(post),
    });
  });
}

/** Takes back the member's reaction; only an existing one counts down (two removals at once: once). */
export async function removeReaction(db: Db, writer: Writer, postId: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const deleted = await selectRows<{ kind: string }>(
      tx,
      sql`delete from reactions where post_id = ${postId} and user_id = ${writer.id} returning kind`,
    );
    if (deleted.length > 0) await bumpReactionCount(tx, postId, -1);
  });
}
