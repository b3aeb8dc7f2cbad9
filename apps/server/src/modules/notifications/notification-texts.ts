import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type NotificationMessage,
  type NotificationMessageKey,
} from '@rally/shared';
import { type ClientWordsConfig, fillWords, type Words, wordsIn } from '../../lib/client-words.ts';

export { type ClientWordsConfig, wordsIn };

/**
 * The notification texts in every language of the app (issue 14), for what the server says itself (pushes): the
 * same keys and words as the web's `notifications.messages` (locales/<lang>/later/notifications.json, which a test
 * compares with these). English is word for word what the notify() call sites store as title and body. A text
 * naming a project or a team says the client's word as the web does, `$t(words.team)` and the like (issue 23).
 */
export const NOTIFICATION_TEXTS: Readonly<Record<Locale, Readonly<Record<NotificationMessageKey, string>>>> =
  {
    en: {
      comment: '{{actor}} commented on your post',
      reaction: '{{actor}} reacted to your post',
      follow: '{{actor}} started following you',
      mention_post: '{{actor}} mentioned you in a post',
      mention_comment: '{{actor}} mentioned you in a comment',
      team_announcement: '{{actor}} posted an announcement to your $t(words.team)',
      participation_approved: 'Your submission to “{{activity}}” was approved',
      participation_rejected: 'Your submission to “{{activity}}” was not approved',
      new_project: 'New {{project_word}}: {{project}}',
      project_invite: 'You are invited to the {{project_word}} {{project}}',
      new_activity: 'New activity in {{project}}: {{activity}}',
      badge_earned: 'You earned the {{badge}} badge',
      badge_earned_bronze: 'You earned the {{badge}} badge (Bronze)',
      badge_earned_silver: 'You earned the {{badge}} badge (Silver)',
      badge_earned_gold: 'You earned the {{badge}} badge (Gold)',
      chat_mention: '{{actor}} mentioned you in chat',
      chat_to_brand_team: '{{actor}} wrote to the brand team',
      chat_thread_reply: '{{actor}} replied in a thread',
      chat_direct: '{{actor}} sent you a message',
      chat_brand_reply: '{{actor}} of the brand team replied',
      chat_in_conversation: '{{actor}} in {{conversation}}',
      chat_group: '{{actor}} wrote in your group',
      application_approved: 'Your application to {{application}} is approved. Welcome!',
      application_rejected: 'Your application to {{application}} was not accepted',
      application_info_requested: 'More information is needed for your application to {{application}}',
      application_received: 'Your application to {{application}} is received',
      welcome: 'Welcome to {{client}}!',
      team_joined: 'You joined {{team}}',
      complete_profile: 'Complete your profile',
      webhook_disabled: 'A webhook was turned off: {{url}}',
      points_earned: 'You earned {{points}} points.',
      removed_by_review: 'Removed by brand safety review',
      chat_file: 'Sent a file',
      welcome_text: 'Start by exploring the $t(words.projects) open to you.',
      team_joined_text: 'See who else is on your $t(words.team).',
      complete_profile_text: 'Add a photo so your $t(words.team) recognises you.',
      webhook_disabled_text:
        'Its last {{count}} deliveries failed. Fix the endpoint, then turn it on again under Integrations.',
    },
    es: {
      comment: '{{actor}} comentó tu publicación',
      reaction: '{{actor}} reaccionó a tu publicación',
      follow: '{{actor}} empezó a seguirte',
      mention_post: '{{actor}} te mencionó en una publicación',
      mention_comment: '{{actor}} te mencionó en un comentario',
      team_announcement: '{{actor}} publicó un anuncio para tu $t(words.team)',
      participation_approved: 'Tu envío a “{{activity}}” fue aprobado',
      participation_rejected: 'Tu envío a “{{activity}}” no fue aprobado',
      new_project: 'Nuevo {{project_word}}: {{project}}',
      project_invite: 'Te invitaron al {{project_word}} {{project}}',
      new_activity: 'Nueva actividad en {{project}}: {{activity}}',
      badge_earned: 'Obtuviste la insignia {{badge}}',
      badge_earned_bronze: 'Obtuviste la insignia {{badge}} (Bronce)',
      badge_earned_silver: 'Obtuviste la insignia {{badge}} (Plata)',
      badge_earned_gold: 'Obtuviste la insignia {{badge}} (Oro)',
      chat_mention: '{{actor}} te mencionó en el chat',
      chat_to_brand_team: '{{actor}} escribió al equipo de marca',
      chat_thread_reply: '{{actor}} respondió en un hilo',
      chat_direct: '{{actor}} te envió un mensaje',
      chat_brand_reply: '{{actor}} del equipo de marca respondió',
      chat_in_conversation: '{{actor}} en {{conversation}}',
      chat_group: '{{actor}} escribió en tu grupo',
      application_approved: 'Tu postulación a {{application}} fue aprobada. ¡Te damos la bienvenida!',
      application_rejected: 'Tu postulación a {{application}} no fue aceptada',
      application_info_requested: 'Se necesita más información para tu postulación a {{application}}',
      application_received: 'Recibimos tu postulación a {{application}}',
      welcome: '¡Te damos la bienvenida a {{client}}!',
      team_joined: 'Te uniste a {{team}}',
      complete_profile: 'Completa tu perfil',
      webhook_disabled: 'Se desactivó un webhook: {{url}}',
      points_earned: 'Ganaste {{points}} puntos.',
      removed_by_review: 'Eliminado en la revisión de seguridad de marca',
      chat_file: 'Envió un archivo',
      welcome_text: 'Empieza por ver qué $t(words.projects) están abiertos para ti.',
      team_joined_text: 'Mira quién más está en tu $t(words.team).',
      complete_profile_text: 'Agrega una foto para que tu $t(words.team) te reconozca.',
      webhook_disabled_text:
        'Sus últimas {{count}} entregas fallaron. Corrige el endpoint y vuelve a activarlo en Integraciones.',
    },
  };

/** The client's word for a project in a language, as its project-word placeholder says it (lower case). */
export interface ProjectWords {
  /** The client's own word (config.project.singular), null for the default 'Project'. */
  singular: string | null;
  /** The client's override of `words.project` in another language (config.strings['es:words.project']). */
  translated: string | null;
}

/** The default project word in each language (the web's `words.project`). */
const DEFAULT_PROJECT_WORD: Readonly<Record<Locale, string>> = { en: 'Project', es: 'Proyecto' };

/**
 * The project word in `locale`, as the web's i18n resolves `words.project`: the client's override in that language,
 * else the client's own word where it is not the English default (a brand's name for its projects), else the
 * language's default. Lower case, as in the middle of a sentence.
 */
export function projectWordIn(locale: Locale, words: ProjectWords): string {
  const own = words.singular && words.singular !== DEFAULT_PROJECT_WORD.en ? words.singular : null;
  const word = (locale === DEFAULT_LOCALE ? own : (words.translated ?? own)) ?? DEFAULT_PROJECT_WORD[locale];
  return word.toLocaleLowerCase(locale);
}

/**
 * Fills `{{name}}` placeholders and `$t(words.…)` nestings (the client's `words`); a name without a value is left as
 * written (never the case for a known key).
 */
function fill(text: string, params: Readonly<Record<string, string>>, words: Words): string {
  return fillWords(text, words).replace(/\{\{(\w+)\}\}/g, (all, name: string) => params[name] ?? all);
}

/** The text of a key in a language; undefined for a key this build does not know (a newer or older one). */
function textOf(locale: Locale, key: string | undefined): string | undefined {
  const texts: Readonly<Record<string, string>> = NOTIFICATION_TEXTS[locale];
  return key !== undefined && Object.hasOwn(texts, key) ? texts[key] : undefined;
}

/**
 * A notification's title and body in the reader's language (`locale` as users.locale stores it: English when null or
 * not a language of the app). English, a row without a message and a key this build does not know keep the stored
 * text, which is the English; the body is the stored one unless the message names a body key. `projectWords` gives
 * the project-word placeholder its word in that language, `words` (the client's config) the `$t(words.…)` nestings.
 */
export function renderNotification(
  locale: string | null,
  stored: { title: string; body: string | null; message: NotificationMessage | null },
  projectWords?: ProjectWords,
  words?: ClientWordsConfig,
): { title: string; body: string | null } {
  const { message } = stored;
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const title = textOf(lang, message?.key);
  if (lang === DEFAULT_LOCALE || !message || title === undefined)
    return { title: stored.title, body: stored.body };
  const params =
    'project_word' in message.params && projectWords
      ? { ...message.params, project_word: projectWordIn(lang, projectWords) }
      : message.params;
  const body = textOf(lang, message.body_key);
  const own = wordsIn(lang, words);
  return {
    title: fill(title, params, own),
    body: body === undefined ? stored.body : fill(body, params, own),
  };
}

/**
 * The English a message says (title, and body when it names a body key) in the words of the client (`words`, its
 * config; the default words without): what its notify() call stores.
 */
export function englishOf(
  message: NotificationMessage,
  words?: ClientWordsConfig,
): { title: string; body?: string } {
  const own = wordsIn(DEFAULT_LOCALE, words);
  const title = fill(textOf(DEFAULT_LOCALE, message.key) ?? '', message.params, own);
  const body = textOf(DEFAULT_LOCALE, message.body_key);
  return body === undefined ? { title } : { title, body: fill(body, message.params, own) };
}
