import type { Notification } from '@rally/shared';
import type { i18n as I18nInstance, TFunction } from 'i18next';

/** Where the texts of notification messages are (locales/<lang>/later/notifications.json). */
const MESSAGES = 'notifications.messages';

/**
 * A notification's title and body in the shown language (issue 14): the texts of its message's keys with its
 * values when the language has them, else what the server stored (English; older rows have no message). A body
 * without a key of its own (a comment's excerpt, a reviewer's reason) is shown as stored. The project-word value
 * is the client's word in the shown language, as everywhere else in the app.
 */
export function notificationText(
  notification: Pick<Notification, 'title' | 'body' | 'message'>,
  t: TFunction,
  i18n: I18nInstance,
): { title: string; body: string | null } {
  const { message } = notification;
  const stored = { title: notification.title, body: notification.body };
  const keyOf = (name: string | undefined) => (name ? `${MESSAGES}.${name}` : undefined);
  const titleKey = keyOf(message?.key);
  // Looked up before t(): a key this build lacks must not count as missing (the end-to-end missing-key hook).
  if (!message || !titleKey || !i18n.exists(titleKey)) return stored;
  const params =
    'project_word' in message.params
      ? { ...message.params, project_word: t('words.project').toLocaleLowerCase(i18n.language) }
      : message.params;
  const bodyKey = keyOf(message.body_key);
  return {
    title: t(titleKey, params),
    body: bodyKey && i18n.exists(bodyKey) ? t(bodyKey, params) : stored.body,
  };
}
