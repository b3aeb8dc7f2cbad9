import type { CreateChatBroadcastRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { screenMemberText } from '../../safety/safety.ts';
import type { ChatViewer } from '../chat.policy.ts';
import { hasAudienceTarget, insertBroadcast } from '../chat-broadcasts.repository.ts';
import { BROADCAST_FANOUT_JOB } from './deliver-broadcast.ts';

/**
 * An admin broadcasts a message: the team or project must be the client's (400 naming the field), the text is
 * screened (a blocked phrase is refused; flagged words of the brand's own admins are not held). The broadcast and
 * the first step of its fan-out are stored in one transaction, so a restart loses none of it.
 */
export async function sendBroadcast(
  ctx: AppContext,
  admin: ChatViewer,
  input: CreateChatBroadcastRequest & { body: string },
): Promise<string> {
  const clientId = admin.clientId;
  const teamId = input.audience === 'team' ? input.team_id! : null;
  const projectId = input.audience === 'project' ? input.project_id! : null;
  if (teamId && !(await hasAudienceTarget(ctx.db, { clientId, audience: 'team', id: teamId })))
    throw badRequest('team_id must be a team of this app');
  if (projectId && !(await hasAudienceTarget(ctx.db, { clientId, audience: 'project', id: projectId })))
    throw badRequest('project_id must be a project of this app');
  await screenMemberText(ctx.db, clientId, 'Message', input.body);
  return withTransaction(ctx.db, async (tx) => {
    const id = await insertBroadcast(tx, {
      clientId,
      authorId: admin.id,
      audience: input.audience,
      teamId,
      projectId,
      body: input.body,
    });
    await enqueueJob(tx, BROADCAST_FANOUT_JOB, { clientId, broadcastId: id, after: null });
    return id;
  });
}
