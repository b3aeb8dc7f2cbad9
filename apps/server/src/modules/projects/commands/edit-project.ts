import type { UpdateProjectRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { announceProject } from '../../notifications/project-events.ts';
import { type AdminProjectRow, getAdminProject, updateProject } from '../admin-projects.repository.ts';
import { checkAudience, checkDateOrder, checkFile, isoOf, toDate } from '../admin-projects.validation.ts';

/**
 * Edits a project of the client. PATCH is partial: what the request leaves out stays as it is, and the checks
 * see the project as it will be (a new end against the kept start, a kept team audience with its teams). A
 * start moved later re-schedules its announcement.
 */
export async function editProject(
  ctx: AppContext,
  input: { clientId: string; actorId: string; projectId: string; changes: UpdateProjectRequest },
): Promise<AdminProjectRow> {
  const { clientId, changes: b } = input;
  const current = await getAdminProject(ctx.db, { clientId, projectId: input.projectId });
  if (!current) throw notFound('$t(words.project) not found');
  const startsAt = b.starts_at !== undefined ? b.starts_at : isoOf(current.starts_at);
  const endsAt = b.ends_at !== undefined ? b.ends_at : isoOf(current.ends_at);
  const audience = b.audience ?? current.audience;
  const teamIds = audience === 'teams' ? (b.audience_team_ids ?? current.audience_team_ids) : [];
  checkDateOrder(startsAt, endsAt, 'End');
  await checkAudience(ctx, clientId, audience, teamIds);
  if (b.image_url !== undefined) await checkFile(ctx, clientId, b.image_url, 'Cover', ['image/']);
  await updateProject(ctx.db, {
    clientId,
    projectId: current.id,
    changes: {
      name: b.name,
      description: b.description,
      imageUrl: b.image_url,
      audience: b.audience,
      audienceTeamIds:
        b.audience !== undefined || b.audience_team_ids !== undefined ? [...new Set(teamIds)] : undefined,
      startsAt: toDate(b.starts_at),
      endsAt: toDate(b.ends_at),
      updatedAt: new Date(),
    },
  });
  const updated = await getAdminProject(ctx.db, { clientId, projectId: current.id });
  if (!updated) throw notFound('$t(words.project) not found');
  await announceProject(ctx.db, { ...updated, clientId }, input.actorId, current);
  return updated;
}
