import {
  type AdminProject,
  PROJECT_AUDIENCES,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  type UpsertProjectRequest,
  UpsertProjectRequestSchema,
} from '@rally/shared';
import { z } from 'zod';
import { fromDateTimeLocal, isDateTimeLocal, isEndBeforeStart, toDateTimeLocal } from './datetime-local';

/** Translates a message key (the form's own messages). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const project = UpsertProjectRequestSchema.shape;

/** The project form; dates are datetime-local values, converted to ISO with offset on save. */
export function createProjectFormSchema(t: Translate) {
  const localDate = z.string().refine(isDateTimeLocal, t('adminProjects.form.invalidDate'));
  return z
    .object({
      name: project.name,
      description: z
        .string()
        .trim()
        .max(
          PROJECT_DESCRIPTION_MAX_LENGTH,
          t('adminProjects.form.descriptionTooLong', { max: PROJECT_DESCRIPTION_MAX_LENGTH }),
        ),
      image_url: z.string().nullable(),
      audience: z.enum(PROJECT_AUDIENCES),
      audience_team_ids: z.array(z.string()),
      starts_at: localDate,
      ends_at: localDate,
    })
    .superRefine((values, ctx) => {
      if (values.audience === 'teams' && values.audience_team_ids.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['audience_team_ids'],
          message: t('adminProjects.form.teamsRequired'),
        });
      }
      if (isEndBeforeStart(values.starts_at, values.ends_at)) {
        ctx.addIssue({ code: 'custom', path: ['ends_at'], message: t('adminProjects.form.endBeforeStart') });
      }
    });
}

export type ProjectFormValues = z.infer<ReturnType<typeof createProjectFormSchema>>;

/** Form values for a project, or for a new one. */
export function toProjectFormValues(current: AdminProject | null): ProjectFormValues {
  return {
    name: current?.name ?? '',
    description: current?.description ?? '',
    image_url: current?.image_url ?? null,
    audience: current?.audience ?? 'open',
    audience_team_ids: current?.audience_team_ids ?? [],
    starts_at: toDateTimeLocal(current?.starts_at),
    ends_at: toDateTimeLocal(current?.ends_at),
  };
}

/** The request body of POST and PATCH /api/admin/projects: the whole project. */
export function toProjectRequest(values: ProjectFormValues): UpsertProjectRequest {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    image_url: values.image_url,
    audience: values.audience,
    audience_team_ids: values.audience === 'teams' ? values.audience_team_ids : [],
    starts_at: fromDateTimeLocal(values.starts_at),
    ends_at: fromDateTimeLocal(values.ends_at),
  };
}
