import { getDisplayName, type Notification } from '@rally/shared';
import type { NotificationWithActor } from './notifications.repository.ts';

/** A notification row as the API shows it, with the actor's avatar fields and display name (SPEC 3, 6). */
export function presentNotification({ notification: n, actor }: NotificationWithActor): Notification {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    message: n.message ?? null,
    link: n.link,
    actor: actor
      ? {
          id: actor.id,
          display_name: getDisplayName({
            username: actor.username,
            display_username: actor.displayUsername,
            first_name: actor.firstName,
            last_name: actor.lastName,
          }),
          image_url: actor.imageUrl,
        }
      : null,
    read_at: n.readAt?.toISOString() ?? null,
    handled_at: n.handledAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}
