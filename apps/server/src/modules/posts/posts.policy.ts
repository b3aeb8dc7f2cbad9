import type { Role } from '@rally/shared';
import { allow, type Decision, deny } from '../../lib/authorize.ts';

/** Who may do what with feed posts and comments (pure functions; the routes load the rows). */

/** The signed-in member as the feed policies see them. */
export interface Viewer {
  id: string;
  role: Role;
  /** Teams an ANALYST leads; none means a lead of every team. */
  teamTags: readonly string[];
}

/** The signed-in member as a writer: with the client and the name notifications use. */
export interface Writer extends Viewer {
  clientId: string;
  name: string;
}

export const isAdmin = (v: Viewer) => v.role === 'ADMIN';

/** Admins moderate, so they see every held post and comment; anyone else only their own. */
export const seesAllHeld = (v: Viewer): boolean => isAdmin(v);

/**
 * A team's feed is read (and written) by its members, admins, and leads of that team (a lead with no team
 * tags leads every team).
 */
export function canUseTeamFeed(v: Viewer, teamId: string, isMember: boolean): boolean {
  if (isMember || isAdmin(v)) return true;
  return v.role === 'ANALYST' && (v.teamTags.length === 0 || v.teamTags.includes(teamId));
}

/** `canUseTeamFeed` as a decision, with what an outsider of a team they may know of is told. */
export const mayUseTeamFeed = (v: Viewer, teamId: string, isMember: boolean): Decision =>
  canUseTeamFeed(v, teamId, isMember)
    ? allow
    : deny('Only members of this $t(words.team) and admins can see its feed');

/** A post's abilities for the viewer. */
export function getPostAbilities(
  v: Viewer,
  post: { author_id: string; kind: string; team_id: string | null; status: string },
) {
  return {
    can_edit: post.author_id === v.id && post.kind === 'post',
    can_delete: post.author_id === v.id || isAdmin(v),
    // Only client-wide, published posts can be pinned above the feed: a team post would leak its team's feed.
    can_pin: isAdmin(v) && post.team_id === null && post.status === 'published',
  };
}

type PostFields = Parameters<typeof getPostAbilities>[1];

/** Only the author edits a post (and only a post they wrote, not a share or Brand Content). */
export const mayEditPost = (v: Viewer, post: PostFields): Decision =>
  getPostAbilities(v, post).can_edit ? allow : deny('Only the author can edit this post');

/** The author or an admin removes a post. */
export const mayRemovePost = (v: Viewer, post: PostFields): Decision =>
  getPostAbilities(v, post).can_delete ? allow : deny('Only the author or an admin can remove this post');

/** Admins pin announcements above the feed (which posts may be pinned: `can_pin`). */
export const mayPin = (v: Viewer): Decision =>
  isAdmin(v) ? allow : deny('Only admins can pin announcements');

/** Admins unpin announcements. */
export const mayUnpin = (v: Viewer): Decision =>
  isAdmin(v) ? allow : deny('Only admins can unpin announcements');

/** A comment's abilities: authors edit; authors and admins delete. */
export function getCommentAbilities(v: Viewer, comment: { author_id: string }) {
  return { can_edit: comment.author_id === v.id, can_delete: comment.author_id === v.id || isAdmin(v) };
}

/** Only the author edits a comment. */
export const mayEditComment = (v: Viewer, comment: { author_id: string }): Decision =>
  getCommentAbilities(v, comment).can_edit ? allow : deny('Only the author can edit this comment');

/** The author or an admin removes a comment. */
export const mayRemoveComment = (v: Viewer, comment: { author_id: string }): Decision =>
  getCommentAbilities(v, comment).can_delete
    ? allow
    : deny('Only the author or an admin can remove this comment');

/** Whether an author posting into a team feed makes a team announcement (notifies the team). */
export const isAnnouncer = (v: Viewer) => v.role === 'ADMIN' || v.role === 'ANALYST';
