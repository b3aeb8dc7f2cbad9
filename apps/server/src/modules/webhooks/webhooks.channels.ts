import {
  CHANNEL_EVENT_TYPES,
  type ChannelFormat,
  WEBHOOK_TEST_EVENT,
  type WebhookEventData,
  type WebhookFormat,
  type WebhookPayload,
} from '@rally/shared';
import type { Words } from '../../lib/client-words.ts';

/**
 * Channel notifications (issue 24): an event a channel subscribes to becomes a message in that Slack or Microsoft
 * Teams channel, posted to the channel's incoming-webhook URL — Slack's Block Kit message, or the Adaptive Card
 * message Teams Workflows ("Post to a channel when a webhook request is received") and connectors take. Texts name
 * projects with the client's words, and link to the client's own domain.
 */

/** What a message needs of its client. */
export interface ChannelClient {
  name: string;
  /** The client's link origin (its configured domain); null without one (the message then has no button). */
  origin: string | null;
  words: Words;
}

/** The longest description excerpt a message quotes. */
const EXCERPT_MAX = 280;

/**
 * Whether a channel may be posted this event: channel events only, and a project (or its activity) only when it is
 * open to every member — a channel reaches people outside a team or invitation project's audience.
 */
export function isChannelPostable(type: string, data: Record<string, unknown>): boolean {
  if (type === WEBHOOK_TEST_EVENT) return true;
  if (!(CHANNEL_EVENT_TYPES as readonly string[]).includes(type)) return false;
  if (type === 'project.created')
    return (data as WebhookEventData<'project.created'>).project.audience === 'open';
  if (type === 'activity.created')
    return (data as WebhookEventData<'activity.created'>).project.audience === 'open';
  return true;
}

/** The endpoints of an event that should receive it: every signed endpoint, and channels the event may be posted to. */
export function endpointsFor<E extends { id: string; format: WebhookFormat }>(
  endpoints: readonly E[],
  type: string,
  data: Record<string, unknown>,
): E[] {
  const postable = isChannelPostable(type, data);
  return endpoints.filter((endpoint) => endpoint.format === 'standard' || postable);
}

interface Message {
  /** One line that says it all (notifications, screen readers, clients without cards). */
  title: string;
  detail: string | null;
  link: { label: string; url: string } | null;
}

const excerpt = (text: string | null | undefined) => {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > EXCERPT_MAX ? `${clean.slice(0, EXCERPT_MAX - 1)}…` : clean || null;
};

/** What the message says of an event (in English for now), with the member's name when it names one. */
export function messageOf(
  payload: WebhookPayload,
  client: ChannelClient,
  names: { member?: string | null },
): Message {
  const open = (path: string) =>
    client.origin ? { label: `Open in ${client.name}`, url: `${client.origin}${path}` } : null;
  const { words } = client;
  switch (payload.type) {
    case 'project.created': {
      const { project } = payload.data as WebhookEventData<'project.created'>;
      return {
        title: `New ${words.project.toLowerCase()}: ${project.name}`,
        detail: excerpt(project.description),
        link: open(`/projects/${project.id}`),
      };
    }
    case 'activity.created': {
      const { activity, project } = payload.data as WebhookEventData<'activity.created'>;
      const points = activity.points === 1 ? '1 point' : `${activity.points} points`;
      return {
        title: `New activity in ${project.name}: ${activity.title}`,
        detail: activity.points > 0 ? `Earn ${points}.` : null,
        link: open(`/projects/${activity.project_id}/activities/${activity.id}`),
      };
    }
    case 'badge.earned': {
      const { badge, member_id } = payload.data as WebhookEventData<'badge.earned'>;
      const who = names.member ?? 'A member';
      return {
        title: `${who} earned the badge ${badge.name}`,
        detail: null,
        link: open(`/people/${member_id}`),
      };
    }
    case 'leaderboard.weekly': {
      const { leaders } = payload.data as WebhookEventData<'leaderboard.weekly'>;
      return {
        title: `Top of the week in ${client.name}`,
        detail: leaders
          .map((l) => `${l.rank}. ${l.name} · ${l.points === 1 ? '1 point' : `${l.points} points`}`)
          .join('\n'),
        link: open('/community/leaderboard'),
      };
    }
    default:
      return {
        title: `${client.name} is connected: its notifications will be posted in this channel.`,
        detail: null,
        link: open('/'),
      };
  }
}

/** Slack's own escaping for the text of a message (& < >). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The JSON body posted to the channel. */
export function channelBody(format: ChannelFormat, message: Message): string {
  if (format === 'slack') {
    const text = [`*${slackEscape(message.title)}*`, message.detail && slackEscape(message.detail)]
      .filter(Boolean)
      .join('\n');
    return JSON.stringify({
      text: message.title,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text } },
        ...(message.link
          ? [
              {
                type: 'actions',
                elements: [
                  {
                    type: 'button',
                    text: { type: 'plain_text', text: message.link.label },
                    url: message.link.url,
                  },
                ],
              },
            ]
          : []),
      ],
    });
  }
  return JSON.stringify({
    type: 'message',
    summary: message.title,
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
            // One block per line: a card's text does not break at a single newline.
            ...(message.detail ?? '')
              .split('\n')
              .filter(Boolean)
              .map((line) => ({ type: 'TextBlock', text: line, wrap: true, spacing: 'Small' })),
          ],
          actions: message.link
            ? [{ type: 'Action.OpenUrl', title: message.link.label, url: message.link.url }]
            : [],
        },
      },
    ],
  });
}

/** A channel URL as an admin sees it: the host and the start of the path, its last characters, never the rest. */
export function maskChannelUrl(raw: string): string {
  const url = new URL(raw);
  const parts = url.pathname.split('/').filter(Boolean);
  const tail = raw.slice(-4);
  return `${url.origin}/${parts[0] ?? ''}/…${tail}`;
}
