import type { Answers } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import { type ApplicantWithForm, updateAnswers } from '../applicants.repository.ts';
import { checkAnswers } from './submit-application.ts';

/**
 * PATCH /api/applicants/{id}: checks every answer (file answers must be uploads of this client) and replaces the
 * answers; an application waiting for information goes back to pending. Throws 400 naming the question.
 */
export async function changeAnswers(
  ctx: AppContext,
  { clientId, row, answers }: { clientId: string; row: ApplicantWithForm; answers: Answers },
): Promise<void> {
  checkAnswers(row.application.questions, answers, { skipFiles: false });
  for (const q of row.application.questions) {
    const value = answers[q.id];
    if (q.type === 'file' && typeof value === 'string' && !(await findClientUpload(ctx, clientId, value))) {
      throw badRequest(`${q.label} must be a file uploaded to this app`, 'invalid_answers');
    }
  }
  await updateAnswers(ctx.db, { clientId, applicantId: row.applicant.id, answers });
}
