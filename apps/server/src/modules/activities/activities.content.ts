import {
  type ActivityConfigInput,
  type ActivityContent,
  type Creative,
  canUsePostDirectly,
  type SocialChannel,
  type Template,
} from '@rally/shared';
import type { Db } from '../../db/client.ts';
import { type CreativeRow, findLibraryItems, type TemplateRow } from './activities.repository.ts';

type StoredConfig = Partial<ActivityConfigInput> & Record<string, unknown>;

/** Library templates and creatives of the client by id, as members see them (archived ones still serve). */
async function loadLibraryItems(
  db: Db,
  q: { clientId: string; templateIds: string[]; creativeIds: string[] },
) {
  const rows = await findLibraryItems(db, q);
  return {
    templates: new Map(rows.templates.map((t) => [t.id, presentTemplate(t)])),
    creatives: new Map(rows.creatives.map((c) => [c.id, presentCreative(c)])),
  };
}

export function presentTemplate(t: TemplateRow): Template {
  return { id: t.id, name: t.name, body: t.body, placeholders: t.placeholders, tags: t.tags };
}

export function presentCreative(c: CreativeRow): Creative {
  return { id: c.id, name: c.name, url: c.url, kind: c.kind === 'video' ? 'video' : 'image', tags: c.tags };
}

/**
 * The type-specific content of an activity as a member sees it: the post's template, creatives and channels;
 * the question of a participation; the brief of a submission; a training without its quiz answers.
 */
export async function buildActivityContent(
  db: Db,
  activity: { type: string; config: Record<string, unknown> },
  client: { id: string; channels: SocialChannel[] },
): Promise<ActivityContent> {
  const config = activity.config as StoredConfig;
  switch (activity.type) {
    case 'social_post': {
      const c = config as Extract<ActivityConfigInput, { type: 'social_post' }>;
      const ids = c.creative_ids ?? [];
      const lib = await loadLibraryItems(db, {
        clientId: client.id,
        templateIds: c.template_id ? [c.template_id] : [],
        creativeIds: ids,
      });
      const template = c.template_id ? (lib.templates.get(c.template_id) ?? null) : null;
      const items = ids.flatMap((id) => lib.creatives.get(id) ?? []);
      const allowed = c.channels?.length
        ? client.channels.filter((ch) => c.channels.includes(ch))
        : client.channels;
      return {
        type: 'social_post',
        template,
        creatives: items,
        channels: allowed,
        direct_use: canUsePostDirectly({ template, creatives: items }),
      };
    }
    case 'general_participation': {
      const c = config as Extract<ActivityConfigInput, { type: 'general_participation' }>;
      return {
        type: 'general_participation',
        prompt: c.prompt ?? '',
        response: c.response ?? 'text',
        choices: c.choices ?? [],
      };
    }
    case 'content_submission': {
      const c = config as Extract<ActivityConfigInput, { type: 'content_submission' }>;
      return { type: 'content_submission', prompt: c.prompt ?? '', media: c.media ?? 'any' };
    }
    default: {
      const c = config as Extract<ActivityConfigInput, { type: 'training' }>;
      return {
        type: 'training',
        body: c.body ?? '',
        video_url: c.video_url ?? null,
        pdf_url: c.pdf_url ?? null,
        quiz: c.quiz
          ? {
              questions: c.quiz.questions.map(({ question, options }) => ({ question, options })),
              pass_mark: c.quiz.pass_mark,
            }
          : null,
      };
    }
  }
}
