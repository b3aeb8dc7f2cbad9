import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';
import { displayNameOf } from '../../users/people.presenter.ts';
import { insertFollow } from '../follows.repository.ts';

/** The signed-in member who follows, with the name fields the notification shows. */
interface Follower {
  id: string;
  email: string | null;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
}

/** The member follows another of the client, who hears of it; following again changes nothing and tells nobody. */
export async function followMember(
  db: Db,
  input: { clientId: string; follower: Follower; followeeId: string },
): Promise<void> {
  const { clientId, follower: me, followeeId } = input;
  await withTransaction(db, async (tx) => {
    const added = await insertFollow(tx, { clientId, followerId: me.id, followeeId });
    if (!added) return;
    const actor = displayNameOf({
      email: me.email,
      username: me.username,
      displayUsername: me.display_username,
      firstName: me.first_name,
      lastName: me.last_name,
    });
    await notify(tx, {
      clientId,
      kind: 'follow',
      to: { users: [followeeId] },
      actorId: me.id,
      title: `${actor} started following you`,
      message: { key: 'follow', params: { actor } },
      link: `/people/${me.id}`,
    });
  });
}
