import type { ActivityConfigInput, ParticipateRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { ActivityRow } from '../../projects/projects.repository.ts';
import { queueIfFlagged, screenMemberText } from '../../safety/safety.ts';
import { KIND_BY_MIME } from '../../uploads/uploads.policy.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import { recordParticipation } from './record-participation.ts';

type Config<T extends ActivityConfigInput['type']> = Extract<ActivityConfigInput, { type: T }>;

interface Input {
  clientId: string;
  userId: string;
  activity: ActivityRow;
  body: ParticipateRequest;
}

/**
 * Takes part in a general participation, Brand Content or training activity: checks the answer against
 * the activity's configuration, then records it (Brand Content waits for review; the rest completes and
 * earns the points). A failed quiz records nothing and answers the score.
 */
export async function participate(ctx: AppContext, input: Input) {
  const { body, activity } = input;
  const base = { clientId: input.clientId, userId: input.userId, activity };
  switch (body.type) {
    case 'general_participation': {
      const data = await checkGeneralResponse(
        ctx,
        input,
        activity.config as Config<'general_participation'>,
        body,
      );
      const text = typeof data.text === 'string' ? data.text : null;
      const verdict = text === null ? null : await screenMemberText(ctx.db, input.clientId, 'Response', text);
      const result = await recordParticipation(ctx.db, { ...base, status: 'completed', data });
      // Only admins see responses: nothing to hide, the moderator just gets to see it.
      if (verdict && text !== null)
        await queueIfFlagged(ctx.db, verdict, {
          ...review(input, 'response', result.participation.id, text),
          isHeld: false,
        });
      return { ...result, score: null };
    }
    case 'content_submission': {
      const config = activity.config as Config<'content_submission'>;
      const verdict = await screenMemberText(ctx.db, input.clientId, 'Caption', body.caption);
      for (const url of body.media_urls) await checkMedia(ctx, input, url, config.media ?? 'any');
      const data = { caption: body.caption, media_urls: body.media_urls };
      const result = await recordParticipation(ctx.db, { ...base, status: 'pending', data });
      // The submission waits for review anyway; a held caption also waits for the safety decision.
      await queueIfFlagged(ctx.db, verdict, {
        ...review(input, 'caption', result.participation.id, body.caption),
        isHeld: verdict.hold,
      });
      return { ...result, score: null };
    }
    case 'training': {
      const quiz = (activity.config as Config<'training'>).quiz;
      if (!quiz)
        return {
          ...(await recordParticipation(ctx.db, { ...base, status: 'completed', data: {} })),
          score: null,
        };
      if (body.answers.length !== quiz.questions.length) {
        throw badRequest(`answers must hold one answer for each of the ${quiz.questions.length} questions`);
      }
      const wrong = quiz.questions.flatMap((q, i) => (q.answer === body.answers[i] ? [] : [i]));
      const total = quiz.questions.length;
      const correct = total - wrong.length;
      const passed = (correct / total) * 100 >= quiz.pass_mark;
      const score = { correct, total, passed, wrong };
      if (!passed) return { pointsAwarded: 0, score };
      const data = { answers: body.answers, correct, total };
      return { ...(await recordParticipation(ctx.db, { ...base, status: 'completed', data })), score };
    }
  }
}

const review = (input: Input, targetKind: string, targetId: string, text: string) => ({
  clientId: input.clientId,
  targetKind,
  targetId,
  authorId: input.userId,
  text,
});

async function checkGeneralResponse(
  ctx: AppContext,
  owner: { clientId: string; userId: string },
  config: Config<'general_participation'>,
  body: Extract<ParticipateRequest, { type: 'general_participation' }>,
): Promise<Record<string, unknown>> {
  switch (config.response) {
    case 'choice':
      if (!body.choice || !config.choices.includes(body.choice)) {
        throw badRequest(`choice must be one of: ${config.choices.join(', ')}`);
      }
      return { choice: body.choice };
    case 'photo':
      if (!body.image_url) throw badRequest('Add a photo');
      await checkMedia(ctx, owner, body.image_url, 'image');
      return { image_url: body.image_url };
    default:
      if (!body.text) throw badRequest('Response is required');
      return { text: body.text };
  }
}

/** The URL must be a file this client's members uploaded, of the kind the activity asks for. */
async function checkMedia(
  ctx: AppContext,
  owner: { clientId: string; userId: string },
  url: string,
  media: 'image' | 'video' | 'any',
) {
  const upload = await findClientUpload(ctx, owner.clientId, url);
  // Only the member's own uploads: another member's file id must not be submitted as theirs.
  if (!upload || upload.userId !== owner.userId)
    throw badRequest('Media must be files you uploaded to this app');
  const kind = KIND_BY_MIME[upload.contentType];
  if (media !== 'any' && kind !== media)
    throw badRequest(`This activity takes ${media === 'image' ? 'photos' : 'videos'} only`);
  if (kind !== 'image' && kind !== 'video') throw badRequest('Media must be photos or videos');
}
