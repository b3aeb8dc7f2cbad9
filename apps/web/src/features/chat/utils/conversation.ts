import type { ChatConversation, ChatMessage } from '@rally/shared';
import type { TFunction } from 'i18next';

/** i18next's `t` as these helpers use it. */
type Translate = TFunction;

/** The people of a conversation other than the viewer. */
export const othersOf = (conversation: ChatConversation, viewerId: string) =>
  conversation.members.filter((m) => m.id !== viewerId);

/**
 * The name a conversation is listed and headed with: the other person (direct), the title or the names (group), the
 * team's or project's name (channels), the client's brand team (the member's brand-team line).
 */
export function conversationTitle(
  conversation: ChatConversation,
  viewerId: string,
  t: Translate,
  clientName: string,
): string {
  switch (conversation.kind) {
    case 'direct':
      return othersOf(conversation, viewerId)[0]?.display_name ?? t('chat.title.unknown');
    case 'group': {
      if (conversation.title) return conversation.title;
      const names = othersOf(conversation, viewerId).map((m) => m.display_name);
      if (names.length === 0) return t('chat.title.group');
      const shown = names.slice(0, 3).join(', ');
      return names.length > 3 ? t('chat.title.groupMore', { names: shown, count: names.length - 3 }) : shown;
    }
    case 'brand':
      return t('chat.title.brand', { client: clientName });
    default:
      return conversation.title ?? t('chat.title.channel');
  }
}

/** What a list shows of the last message: who (unless it is a direct message from the other person) and what. */
export function messagePreview(
  message: ChatMessage | null,
  conversation: Pick<ChatConversation, 'kind'>,
  viewerId: string,
  t: Translate,
): string {
  if (!message) return t('chat.list.noMessages');
  const text = message.deleted
    ? t('chat.message.deleted')
    : message.body || t('chat.list.attachments', { count: message.attachments.length || 1 });
  if (message.author?.id === viewerId) return t('chat.list.fromYou', { text });
  if (conversation.kind === 'direct' || !message.author) return text;
  const name = message.author.first_name || message.author.display_name;
  return t('chat.list.fromOther', { name, text });
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: string, kind: 'time' | 'weekday' | 'date' | 'day' | 'dayYear') {
  const key = `${language}:${kind}`;
  let made = formats.get(key);
  if (!made) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      time: { hour: 'numeric', minute: '2-digit' },
      weekday: { weekday: 'short' },
      date: { day: 'numeric', month: 'short' },
      day: { weekday: 'long', day: 'numeric', month: 'long' },
      dayYear: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    };
    if (formats.size > 40) formats.clear();
    made = new Intl.DateTimeFormat(language, options[kind]);
    formats.set(key, made);
  }
  return made;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY = 24 * 3600_000;

/** A list's short time: the time today, the weekday this week, else the date. */
export function shortTime(iso: string, language: string, now = new Date()): string {
  const at = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY);
  if (days <= 0) return format(language, 'time').format(at);
  if (days < 7) return format(language, 'weekday').format(at);
  return format(language, 'date').format(at);
}

/** The time of a message. */
export const messageTime = (iso: string, language: string) => format(language, 'time').format(new Date(iso));

/** The label of a day separator: Today, Yesterday, or the date (with the year when not this year). */
export function dayLabel(iso: string, language: string, t: Translate, now = new Date()): string {
  const at = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(at)) / DAY);
  if (days === 0) return t('chat.day.today');
  if (days === 1) return t('chat.day.yesterday');
  return format(language, at.getFullYear() === now.getFullYear() ? 'day' : 'dayYear').format(at);
}
