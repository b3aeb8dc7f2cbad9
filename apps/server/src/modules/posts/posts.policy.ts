/** Who may do what with feed posts and comments (pure functions; the routes load the rows). */

/** The signed-in member as the feed policies see them. */
export interface Viewer {
  id: string;
  role: string;
  /** Teams an ANALYST leads; none means a lead of every team. */
  teamTags: readonly string[];
}

export const isAdmin = (v: Viewer) => v.role === 'ADMIN';

/**
 * A team's feed is read (and written) by its members, admins, and leads of that team (a lead with no team
 * tags leads every team).
 */
export function canUseTeamFeed(v: Viewer, teamId: string, isMember: boolean): boolean {
  if (isMember || isAdmin(v)) return true;
  return v.role === 'ANALYST' && (v.teamTags.length === 0 || v.teamTags.includes(teamId));
}

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

/** A comment's abilities: authors edit; authors and admins delete. */
export function getCommentAbilities(v: Viewer, comment: { author_id: string }) {
  return { can_edit: comment.author_id === v.id, can_delete: comment.author_id === v.id || isAdmin(v) };
}

/** Whether an author posting into a team feed makes a team announcement (notifies the team). */
export const isAnnouncer = (v: Viewer) => v.role === 'ADMIN' || v.role === 'ANALYST';
