import type { ActivityConfigInput, UpdateActivityRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { changesOf } from '../../../lib/patch.ts';
import {
  type AdminActivityRow,
  getActivityRecord,
  getAdminActivity,
  updateActivity,
} from '../admin-projects.repository.ts';
import { checkActivityConfig, checkDateOrder, isoOf, toDate } from '../admin-projects.validation.ts';

/**
 * Edits a live activity of the client. PATCH is partial: the dates are checked as they will be, a new one
 * against the kept other; the type cannot change; library items the activity already uses stay usable.
 */
export async function editActivity(
  ctx: AppContext,
  input: { clientId: string; activityId: string; changes: UpdateActivityRequest },
): Promise<AdminActivityRow> {
  const { clientId, changes: b } = input;
  const current = await getActivityRecord(ctx.db, { clientId, activityId: input.activityId });
  if (!current || current.archivedAt) throw notFound('Activity not found');
  if (b.config && b.config.type !== current.type)
    throw badRequest(`config.type must stay ${current.type}: an activity's type cannot change`);
  checkDateOrder(
    b.starts_at !== undefined ? b.starts_at : isoOf(current.startsAt),
    b.due_at !== undefined ? b.due_at : isoOf(current.dueAt),
    'Due date',
  );
  if (b.config) {
    const used = current.config as { template_id?: string | null; creative_ids?: string[] };
    await checkActivityConfig(ctx, clientId, b.config, {
      templateId: used.template_id ?? null,
      creativeIds: used.creative_ids ?? [],
    });
  }
  const changes = changesOf({
    title: b.title,
    description: b.description,
    points: b.points,
    config: b.config as (ActivityConfigInput & Record<string, unknown>) | undefined,
    startsAt: toDate(b.starts_at),
    dueAt: toDate(b.due_at),
  });
  if (changes) await updateActivity(ctx.db, { clientId, activityId: current.id, changes });
  const fresh = await getAdminActivity(ctx.db, {
    clientId,
    projectId: current.projectId,
    activityId: current.id,
  });
  return fresh!;
}
