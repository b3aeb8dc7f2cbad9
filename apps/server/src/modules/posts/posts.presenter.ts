import {
  type Comment,
  type FeedPerson,
  getDisplayName,
  type LinkPreview,
  type Mention,
  type Post,
  REACTION_KINDS,
  type ReactionKind,
} from '@rally/shared';
import type { CommentRow } from './comments.repository.ts';
import { getCommentAbilities, getPostAbilities, type Viewer } from './posts.policy.ts';
import type { PersonFields, PostRow } from './posts.repository.ts';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A person as the feed shows them: display name by SPEC 6, without their email. */
export function presentPerson(p: PersonFields): FeedPerson {
  return {
    id: p.id,
    display_name: getDisplayName(p),
    username: p.username,
    display_username: p.display_username,
    first_name: p.first_name,
    last_name: p.last_name,
    image_url: p.image_url ?? null,
  };
}

const presentMentions = (people: PersonFields[] | null): Mention[] =>
  (people ?? []).map((p) => ({ id: p.id, display_name: getDisplayName(p) }));

function presentLink(link: PostRow['link']): LinkPreview | null {
  if (!link || typeof link.url !== 'string') return null;
  return {
    url: link.url,
    title: link.title ?? null,
    description: link.description ?? null,
    image_url: link.image_url ?? null,
    site_name: link.site_name ?? null,
  };
}

const isReactionKind = (k: string | null): k is ReactionKind =>
  k !== null && (REACTION_KINDS as readonly string[]).includes(k);

/** A post row as the viewer sees it, with their abilities. */
export function presentPost(row: PostRow, viewer: Viewer): Post {
  const reactions = Object.fromEntries(
    REACTION_KINDS.map((k) => [k, Number(row.reactions?.[k] ?? 0)]),
  ) as Record<ReactionKind, number>;
  return {
    id: row.id,
    kind: row.kind,
    author: presentPerson(row.author),
    team_id: row.team_id,
    body: row.body,
    images: row.images,
    link: presentLink(row.link),
    mentions: presentMentions(row.mention_people),
    status: row.status,
    pinned_at: iso(row.pinned_at),
    comment_count: Number(row.comment_count),
    reaction_count: Number(row.reaction_count),
    reactions,
    my_reaction: isReactionKind(row.my_reaction) ? row.my_reaction : null,
    abilities: getPostAbilities(viewer, row),
    edited_at: iso(row.edited_at),
    created_at: iso(row.created_at)!,
  };
}

/** A comment row as the viewer sees it. */
export function presentComment(row: CommentRow, viewer: Viewer): Comment {
  return {
    id: row.id,
    post_id: row.post_id,
    author: presentPerson(row.author),
    body: row.body,
    mentions: presentMentions(row.mention_people),
    status: row.status,
    abilities: getCommentAbilities(viewer, row),
    edited_at: iso(row.edited_at),
    created_at: iso(row.created_at)!,
  };
}
