import {
  countPostCharacters,
  findPlaceholders,
  getPostCharacterLimit,
  type SocialChannel,
  type Template,
} from '@rally/shared';

/** An input for one `[[placeholder]]` of a template. */
export interface PlaceholderField {
  /** The text inside the brackets. */
  token: string;
  /** Shown to the member: the placeholder's name. */
  label: string;
  /** The default value. */
  value: string;
}

/**
 * One field per placeholder in the body, in order. The bracket text may be the placeholder's id or its
 * name; a bracket with no definition still gets a field, labelled by its own text.
 */
export function getPlaceholderFields(template: Pick<Template, 'body' | 'placeholders'>): PlaceholderField[] {
  return findPlaceholders(template.body).map((token) => {
    const def = template.placeholders.find((p) => p.id === token || p.name === token);
    return { token, label: def?.name ?? token, value: def?.value ?? '' };
  });
}

/** Starting values of the fields, by token. */
export function getInitialValues(fields: readonly PlaceholderField[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.token, field.value]));
}

/** What stands between the text and sharing it on a channel (the server checks the same). */
export interface PostTextCheck {
  count: number;
  limit: number;
  isOver: boolean;
  isEmpty: boolean;
  /** Placeholders still in the text, e.g. ['first_name']. */
  unfilled: string[];
  canSend: boolean;
}

export function checkPostText(text: string, channel: SocialChannel): PostTextCheck {
  const trimmed = text.trim();
  const count = countPostCharacters(trimmed);
  const limit = getPostCharacterLimit(channel);
  const unfilled = findPlaceholders(trimmed);
  const isOver = count > limit;
  const isEmpty = trimmed === '';
  return { count, limit, isOver, isEmpty, unfilled, canSend: !isOver && !isEmpty && unfilled.length === 0 };
}

/** Whether a stored media URL is a video, by its extension (uploads keep the detected one). */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|mov|m4v|webm|ogv)(?:[?#]|$)/i.test(url);
}
