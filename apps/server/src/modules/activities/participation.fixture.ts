import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { participations } from '../../db/schema/index.ts';
import type { AdminFixture } from '../../test/admin-fixture.ts';
import { createActivity, createProject, headersFor, joinProject } from '../../test/factories.ts';

export const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY);

/** A fresh member who joined a fresh open project with one activity. */
export const general = (config: Record<string, unknown>) => ({
  type: 'general_participation',
  config: { type: 'general_participation', prompt: 'Tell us', response: 'text', choices: [], ...config },
});
export const submission = (media: 'image' | 'video' | 'any' = 'any') => ({
  type: 'content_submission',
  config: { type: 'content_submission', prompt: 'Show us', media },
});
export const QUIZ = {
  questions: [
    { question: 'One?', options: ['a', 'b'], answer: 0 },
    { question: 'Two?', options: ['a', 'b'], answer: 1 },
    { question: 'Three?', options: ['a', 'b', 'c'], answer: 2 },
  ],
  pass_mark: 60,
};
export const training = (quiz: typeof QUIZ | null) => ({
  type: 'training',
  config: { type: 'training', body: 'Learn', video_url: null, pdf_url: null, quiz },
});

/** Uploads a real photo through POST /api/upload as the member; returns its URL. */

/** Helpers of the participation API tests, bound to the file's fixture. */
export function participationHelpers(f: AdminFixture) {
  async function joinedActivity(
    input: Partial<Parameters<typeof createActivity>[1]> = {},
    project: Partial<Parameters<typeof createProject>[1]> = {},
  ) {
    const { user, token } = await f.newMember();
    const p = await createProject(f.t.ctx.db, { clientId: f.ids.demo, ...project });
    await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: p.id, userId: user.id });
    const activity = await createActivity(f.t.ctx.db, {
      clientId: f.ids.demo,
      projectId: p.id,
      points: 10,
      ...input,
    });
    return { user, token, project: p, activity };
  }

  const participate = (id: string, token: string, payload?: object, host?: string) =>
    f.t.app.inject({
      method: 'POST',
      url: `/api/activities/${id}/participation`,
      headers: headersFor(token, host),
      ...(payload ? { payload } : {}),
    });
  const rowsOf = (activityId: string, userId: string) =>
    f.t.ctx.db
      .select()
      .from(participations)
      .where(and(eq(participations.activityId, activityId), eq(participations.userId, userId)));
  const participationCount = async () => (await f.t.ctx.db.select({ n: count() }).from(participations))[0]!.n;

  async function uploadPhoto(token: string, host?: string, objectId = f.ids.demo) {
    const body = new FormData();
    body.append('type', 'submission');
    body.append('objectId', objectId);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    body.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: headersFor(token, host),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  }

  return { joinedActivity, participate, rowsOf, participationCount, uploadPhoto };
}
