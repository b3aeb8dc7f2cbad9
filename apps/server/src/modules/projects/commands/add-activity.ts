import type { ActivityConfigInput, UpsertActivityRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { announceActivity } from '../../notifications/project-events.ts';
import { emitWebhookEvent } from '../../webhooks/webhooks.events.ts';
import {
  type AdminActivityRow,
  type AdminProjectRow,
  getAdminActivity,
  insertActivity,
} from '../admin-projects.repository.ts';
import { checkActivityConfig, checkDateOrder, isoOf, toDate } from '../admin-projects.validation.ts';

/**
 * Adds an activity to a project of the client after the checks the schema cannot make (dates in order, library
 * items and files of the client), and tells the members of a live project about it.
 */
export async function addActivity(
  ctx: AppContext,
  input: { clientId: string; actorId: string; project: AdminProjectRow; activity: UpsertActivityRequest },
): Promise<AdminActivityRow> {
  const { clientId, project, activity: b } = input;
  checkDateOrder(b.starts_at, b.due_at, 'Due date');
  await checkActivityConfig(ctx, clientId, b.config);
  const activityId = await insertActivity(ctx.db, {
    clientId,
    projectId: project.id,
    values: {
      type: b.config.type,
      title: b.title,
      description: b.description ?? null,
      points: b.points,
      config: b.config as ActivityConfigInput & Record<string, unknown>,
      startsAt: toDate(b.starts_at) ?? null,
      dueAt: toDate(b.due_at) ?? null,
    },
  });
  await announceActivity(ctx.db, { ...project, clientId }, { id: activityId, title: b.title }, input.actorId);
  const fresh = await getAdminActivity(ctx.db, { clientId, projectId: project.id, activityId });
  await emitWebhookEvent(ctx.db, {
    clientId,
    type: 'activity.created',
    data: {
      activity: {
        id: activityId,
        project_id: project.id,
        title: b.title,
        type: b.config.type,
        points: b.points,
        due_at: isoOf(fresh?.due_at ?? null),
      },
      project: { name: project.name, audience: project.audience },
      created_by: input.actorId,
    },
  });
  return fresh!;
}
