import type { ActivityConfigInput } from '@rally/shared';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import {
  findClientTeamIds,
  findClientUserIds,
  findUsableCreativeIds,
  isUsableTemplate,
} from './admin-projects.repository.ts';

/** A date input as stored: undefined stays undefined (left as it is), null clears it. */
export const toDate = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

/** A stored date as the ISO text inputs use, or null. */
export const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** An end (or due date) must come after the start. */
export function checkDateOrder(
  start: string | null | undefined,
  end: string | null | undefined,
  endLabel: string,
) {
  if (start && end && new Date(end).getTime() <= new Date(start).getTime()) {
    throw badRequest(`${endLabel} must be after the start`);
  }
}

/** Every id must be a team of the client; a team audience needs at least one. */
export async function checkAudience(ctx: AppContext, clientId: string, audience: string, teamIds: string[]) {
  if (audience === 'teams' && teamIds.length === 0)
    throw badRequest('Choose at least one $t(words.team) for a $t(words.team) audience');
  if (teamIds.length === 0) return;
  const found = await findClientTeamIds(ctx.db, { clientId, teamIds });
  if (found.length !== new Set(teamIds).size)
    throw badRequest('audience_team_ids: every id must be a team of this app');
}

/** Every id must be a user of the client. */
export async function checkUsers(ctx: AppContext, clientId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  const found = await findClientUserIds(ctx.db, { clientId, userIds });
  if (found.length !== new Set(userIds).size)
    throw badRequest('user_ids: every id must be a member of this app');
}

/** A file URL of /api/files/ must be an upload of this client of one of the kinds; other URLs pass. */
export async function checkFile(
  ctx: AppContext,
  clientId: string,
  url: string | null,
  label: string,
  kinds: string[],
) {
  if (!url?.startsWith('/api/files/')) return;
  const upload = await findClientUpload(ctx, clientId, url);
  if (!upload) throw badRequest(`${label} must be a file uploaded to this app`);
  if (!kinds.some((k) => upload.contentType.startsWith(k)))
    throw badRequest(`${label} has the wrong file type`);
}

/** Library items an edited activity already uses: archiving them in the library does not block its edits. */
export interface KeptLibraryItems {
  /** The template the activity uses now, if any. */
  templateId: string | null;
  /** The creatives the activity uses now. */
  creativeIds: string[];
}

/**
 * Checks what the schema cannot: library references, quiz answers and files belong to this client.
 * Archived library items are refused unless the activity already uses them (`kept`).
 */
export async function checkActivityConfig(
  ctx: AppContext,
  clientId: string,
  config: ActivityConfigInput,
  kept: KeptLibraryItems = { templateId: null, creativeIds: [] },
) {
  switch (config.type) {
    case 'social_post': {
      if (config.template_id) {
        const usable = await isUsableTemplate(ctx.db, {
          clientId,
          templateId: config.template_id,
          kept: config.template_id === kept.templateId,
        });
        if (!usable) throw badRequest('template_id: no such template in the library');
      }
      if (config.creative_ids.length > 0) {
        const found = await findUsableCreativeIds(ctx.db, {
          clientId,
          creativeIds: config.creative_ids,
          keptIds: kept.creativeIds,
        });
        if (found.length !== new Set(config.creative_ids).size)
          throw badRequest('creative_ids: no such creative in the library');
      }
      if (!config.template_id && config.creative_ids.length === 0) {
        throw badRequest('A Personal Page post needs a template or at least one creative');
      }
      return;
    }
    case 'general_participation':
      if (config.response === 'choice' && config.choices.length < 2)
        throw badRequest('A choice needs at least 2 options');
      return;
    case 'content_submission':
      return;
    case 'training':
      await checkFile(ctx, clientId, config.video_url, 'Video', ['video/']);
      await checkFile(ctx, clientId, config.pdf_url, 'PDF', ['application/pdf']);
      config.quiz?.questions.forEach((q, i) => {
        if (q.answer >= q.options.length)
          throw badRequest(`Question ${i + 1}: the answer must be one of its options`);
      });
      if (!config.body.trim() && !config.video_url && !config.pdf_url) {
        throw badRequest('A training needs text, a video or a PDF');
      }
  }
}
