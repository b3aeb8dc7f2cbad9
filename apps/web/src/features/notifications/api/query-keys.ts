/** Cache key of the notifications: the user id plus api/notifications (SPEC 7). */
export function getNotificationsQueryKey(userId: string) {
  return [userId, 'api/notifications'] as const;
}

/** Cache key of the unread count alone, under the notifications' key (invalidating them refreshes it). */
export function getNotificationsUnreadQueryKey(userId: string) {
  return [...getNotificationsQueryKey(userId), 'unread'] as const;
}
