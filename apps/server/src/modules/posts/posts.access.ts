import { getDisplayName } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Writer } from './commands/write-post.ts';
import { canUseTeamFeed, type Viewer } from './posts.policy.ts';
import { getTeamMembership, getVisiblePost, type PostRow } from './posts.repository.ts';

/** The signed-in member as the feed policies see them. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user!;
  return { id: user.id, role: user.role, teamTags: user.team_tags ?? [] };
}

/** The signed-in member as a writer: with the client and the name notifications use. */
export function writerOf(request: FastifyRequest): Writer {
  return { ...viewerOf(request), clientId: request.tenant.id, name: getDisplayName(request.user) };
}

/**
 * Checks that the viewer may read and write a team's feed: 404 for an unknown team or another client's,
 * 403 for a team they are neither a member nor an admin or lead of.
 */
export async function requireTeamFeed(
  ctx: AppContext,
  request: FastifyRequest,
  teamId: string,
): Promise<void> {
  const viewer = viewerOf(request);
  const membership = await getTeamMembership(ctx.db, request.tenant.id, teamId, viewer.id);
  if (!membership) throw notFound('Team not found');
  if (!canUseTeamFeed(viewer, teamId, membership.is_member))
    throw forbidden('Only members of this team and admins can see its feed');
}

/**
 * A post the viewer may see, or 404: another client's, removed, someone else's held post (unless admin), or
 * in a team feed the viewer has no access to.
 */
export async function loadPost(ctx: AppContext, request: FastifyRequest, postId: string): Promise<PostRow> {
  const viewer = viewerOf(request);
  const row = await getVisiblePost(ctx.db, request.tenant.id, viewer, postId);
  if (!row) throw notFound('Post not found');
  if (row.team_id) {
    const membership = await getTeamMembership(ctx.db, request.tenant.id, row.team_id, viewer.id);
    if (!membership || !canUseTeamFeed(viewer, row.team_id, membership.is_member))
      throw notFound('Post not found');
  }
  return row;
}
