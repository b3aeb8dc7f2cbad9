import { LIST_PAGE_SIZE, type NotificationsResponse } from '@rally/shared';
import { api } from '../../../lib/api-client';

// Typed, not parsed: a call every signed-in page makes, kept free of zod for the first load (issue 11); the server
// validates the answer against the shared schema before sending it.
export function getNotifications(cursor?: string) {
  return api.get<NotificationsResponse>('/api/notifications', { query: { limit: LIST_PAGE_SIZE, cursor } });
}
