import type { UpsertProjectRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { announceProject } from '../../notifications/project-events.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';
import { type AdminProjectRow, getAdminProject, insertProject } from '../admin-projects.repository.ts';
import { checkAudience, checkDateOrder, checkFile, isoOf, toDate } from '../admin-projects.validation.ts';

/**
 * Creates a project of the client after the checks the schema cannot make (dates in order, the audience's
 * teams and the cover belong to the client), and announces it to its audience (now or at its start).
 */
export async function createProject(
  ctx: AppContext,
  input: { clientId: string; actorId: string; project: UpsertProjectRequest },
): Promise<AdminProjectRow> {
  const { clientId, project: b } = input;
  checkDateOrder(b.starts_at, b.ends_at, 'End');
  await checkAudience(ctx, clientId, b.audience, b.audience_team_ids);
  await checkFile(ctx, clientId, b.image_url ?? null, 'Cover', ['image/']);
  const projectId = await insertProject(ctx.db, {
    clientId,
    values: {
      name: b.name,
      description: b.description ?? null,
      imageUrl: b.image_url ?? null,
      audience: b.audience,
      audienceTeamIds: b.audience === 'teams' ? [...new Set(b.audience_team_ids)] : [],
      startsAt: toDate(b.starts_at) ?? null,
      endsAt: toDate(b.ends_at) ?? null,
    },
  });
  const created = await getAdminProject(ctx.db, { clientId, projectId });
  if (!created) throw notFound('$t(words.project) not found');
  await announceProject(ctx.db, { ...created, clientId }, input.actorId);
  await emitWebhookEvent(ctx.db, {
    clientId,
    type: 'project.created',
    data: {
      project: {
        id: created.id,
        name: created.name,
        description: created.description,
        audience: created.audience,
        starts_at: isoOf(created.starts_at),
        ends_at: isoOf(created.ends_at),
      },
      created_by: input.actorId,
    },
  });
  return created;
}
