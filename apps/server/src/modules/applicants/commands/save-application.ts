import {
  type ApplicationRules,
  applicationFormProblem,
  type CreateApplicationRequestSchema,
  type PatchShape,
} from '@rally/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import {
  type ApplicationRow,
  countClientTeams,
  insertApplication,
  type NewApplication,
  updateApplication,
} from '../applicants.repository.ts';

type CreateBody = z.output<typeof CreateApplicationRequestSchema>;
type PatchBody = z.output<z.ZodObject<PatchShape<(typeof CreateApplicationRequestSchema)['shape']>>>;

/** Throws 400 for a form that cannot be saved: inconsistent questions or rules, foreign teams, a foreign image. */
async function checkForm(
  ctx: AppContext,
  clientId: string,
  form: Pick<NewApplication, 'questions' | 'rules' | 'teamIds' | 'coverImageUrl'>,
) {
  const problem = applicationFormProblem({ questions: form.questions ?? [], rules: form.rules ?? {} });
  if (problem) throw badRequest(problem);
  const teamIds = [...new Set(form.teamIds ?? [])];
  if ((await countClientTeams(ctx.db, { clientId, ids: teamIds })) !== teamIds.length) {
    throw badRequest('team_ids must all be teams of this app');
  }
  const url = form.coverImageUrl;
  if (url?.startsWith('/api/files/') && !(await findClientUpload(ctx, clientId, url))) {
    throw badRequest('cover_image_url must be a file uploaded to this app');
  }
}

const columnsOf = (b: Partial<CreateBody>): Partial<NewApplication> => ({
  ...(b.title !== undefined && { title: b.title }),
  ...(b.description !== undefined && { description: b.description || null }),
  ...(b.cover_image_url !== undefined && { coverImageUrl: b.cover_image_url }),
  ...(b.questions !== undefined && { questions: b.questions }),
  ...(b.team_ids !== undefined && { teamIds: [...new Set(b.team_ids)] }),
  ...(b.rules !== undefined && { rules: b.rules as ApplicationRules }),
  ...(b.is_open !== undefined && { isOpen: b.is_open }),
});

/** POST /api/admin/applications: a new form, with an audit row. Answers its id. */
export async function createApplication(
  ctx: AppContext,
  { clientId, actorId, body }: { clientId: string; actorId: string; body: CreateBody },
): Promise<string> {
  const form = columnsOf(body) as NewApplication;
  await checkForm(ctx, clientId, form);
  return withTransaction(ctx.db, async (tx) => {
    const id = await insertApplication(tx, { clientId, form });
    await insertAudit(tx, {
      clientId,
      entry: { userId: actorId, action: 'application.create', target: id, data: { title: form.title } },
    });
    return id;
  });
}

/** PATCH /api/admin/applications/{id}: changes what the request sends (the merged form is checked whole). */
export async function changeApplication(
  ctx: AppContext,
  {
    clientId,
    actorId,
    form,
    body,
  }: { clientId: string; actorId: string; form: ApplicationRow; body: PatchBody },
): Promise<void> {
  const set = columnsOf(body as Partial<CreateBody>);
  if (Object.keys(set).length === 0) return;
  await checkForm(ctx, clientId, { ...form, ...set });
  await withTransaction(ctx.db, async (tx) => {
    await updateApplication(tx, { clientId, applicationId: form.id, set });
    await insertAudit(tx, {
      clientId,
      entry: {
        userId: actorId,
        action: 'application.update',
        target: form.id,
        data: { fields: Object.keys(body).filter((k) => body[k as keyof PatchBody] !== undefined) },
      },
    });
  });
}
