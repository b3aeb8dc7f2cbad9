/** Cache key of the notifications: the user id plus api/notifications (SPEC 7). */
export function getNotificationsQueryKey(userId: string) {
  return [userId, 'api/notifications'] as const;
}
