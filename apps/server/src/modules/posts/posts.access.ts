import { getDisplayName, hasFeature } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { canUseTeamFeed, mayUseTeamFeed, seesAllHeld, type Viewer, type Writer } from './posts.policy.ts';
import { type FeedReader, getTeamMembership, getVisiblePost, type PostRow } from './posts.repository.ts';

/**
 * The community's own rules (SPEC 2, 6), decided here and only mirrored by the tabs: it needs feature
 * community, and the white-label variant has no client-wide feed (Feed and Following are removed), only
 * team feeds.
 */
export function requireCommunity(request: FastifyRequest, where: 'feed' | 'team'): void {
  const client = request.tenant.client;
  if (
    !hasFeature(
      client.features.map((f) => f.id),
      'community',
    )
  ) {
    throw forbidden('The community is not enabled for this app', 'feature_off');
  }
  if (where === 'feed' && client.config.community_variant === 'white_label') {
    throw forbidden('This app has no community feed, only $t(words.team) feeds', 'feature_off');
  }
}

/** The signed-in member as the feed policies see them. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = requireUser(request);
  return { id: user.id, role: user.role, teamTags: user.team_tags ?? [] };
}

/** The signed-in member as the feed queries see them (what held posts and comments they may read). */
export function readerOf(request: FastifyRequest): FeedReader {
  const viewer = viewerOf(request);
  return { id: viewer.id, seesAllHeld: seesAllHeld(viewer) };
}

/** The signed-in member as a writer: with the client and the name notifications use. */
export function writerOf(request: FastifyRequest): Writer {
  return { ...viewerOf(request), clientId: request.tenant.id, name: getDisplayName(requireUser(request)) };
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
  requireCommunity(request, 'team');
  const viewer = viewerOf(request);
  const membership = await getTeamMembership(ctx.db, {
    clientId: request.tenant.id,
    teamId,
    userId: viewer.id,
  });
  if (!membership) throw notFound('$t(words.team) not found');
  const decision = mayUseTeamFeed(viewer, teamId, membership.is_member);
  // A hidden team is not even named to outsiders, as GET /api/teams/{id} does not.
  if (!decision.allowed && !membership.is_discoverable) throw notFound('$t(words.team) not found');
  authorize(decision);
}

/**
 * A post the viewer may see, or 404: another client's, removed, someone else's held post (unless admin), or
 * in a team feed the viewer has no access to.
 */
export async function loadPost(ctx: AppContext, request: FastifyRequest, postId: string): Promise<PostRow> {
  const viewer = viewerOf(request);
  const clientId = request.tenant.id;
  const row = await getVisiblePost(ctx.db, { clientId, reader: readerOf(request), postId });
  if (!row) throw notFound('Post not found');
  requireCommunity(request, row.team_id ? 'team' : 'feed');
  if (row.team_id) {
    const membership = await getTeamMembership(ctx.db, { clientId, teamId: row.team_id, userId: viewer.id });
    if (!membership || !canUseTeamFeed(viewer, row.team_id, membership.is_member))
      throw notFound('Post not found');
  }
  return row;
}
