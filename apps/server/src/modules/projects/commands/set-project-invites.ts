import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notFound } from '../../../lib/errors.ts';
import { announceInvites } from '../../notifications/project-events.ts';
import {
  findProjectInviteIds,
  getAdminProject,
  replaceProjectInvites,
} from '../admin-projects.repository.ts';
import { checkUsers } from '../admin-projects.validation.ts';

/**
 * Makes `userIds` (members of the client) the invitees of a project of the client, in one transaction; those
 * newly invited to an invite-only project hear that they may join it.
 */
export async function setProjectInvites(
  ctx: AppContext,
  input: { clientId: string; actorId: string; projectId: string; userIds: string[] },
): Promise<void> {
  const { clientId } = input;
  const current = await getAdminProject(ctx.db, { clientId, projectId: input.projectId });
  if (!current) throw notFound('$t(words.project) not found');
  const ids = [...new Set(input.userIds)];
  await checkUsers(ctx, clientId, ids);
  await withTransaction(ctx.db, async (tx) => {
    const project = { clientId, projectId: current.id };
    const before = await findProjectInviteIds(tx, project);
    await replaceProjectInvites(tx, { ...project, userIds: ids });
    const wasInvited = new Set(before);
    const added = ids.filter((id) => !wasInvited.has(id));
    if (current.audience === 'invite') {
      await announceInvites(tx, { ...current, clientId }, added, input.actorId);
    }
  });
}
