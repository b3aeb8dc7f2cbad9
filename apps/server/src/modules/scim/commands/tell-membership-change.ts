import type { AppContext } from '../../../context.ts';
import { tellTeamChannelChange } from '../../chat/chat.notices.ts';

/** Past this many members changed at once, every cached session is dropped instead of one message per member. */
const PER_MEMBER_LIMIT = 100;

/**
 * After a commit that changed who is in a team: the members' cached sessions are dropped (their teams are part of
 * /api/me) and their chat lists hear of the team channel, as when an admin staffs a team.
 */
export async function tellMembershipChange(
  ctx: AppContext,
  { clientId, teamId, userIds }: { clientId: string; teamId: string; userIds: readonly string[] },
): Promise<void> {
  if (userIds.length === 0) return;
  if (userIds.length > PER_MEMBER_LIMIT) await ctx.sessions.invalidateAll();
  else for (const userId of userIds) await ctx.sessions.invalidateUser(userId);
  await tellTeamChannelChange(ctx, { clientId, teamId, userIds });
}
