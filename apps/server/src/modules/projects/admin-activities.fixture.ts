import { TITLE_MAX_LENGTH } from '@rally/shared';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import type { AdminFixture, Method } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { createCreative, createTemplate, uploadFile } from '../../test/factories.ts';
import { tinyPdf } from '../uploads/media-fixtures.ts';
import { FORBIDDEN_MESSAGE, inDays, UNKNOWN_ID } from './admin-projects.fixture.ts';

/** A small PDF that passes the upload's structural check. */
export const PDF = tinyPdf();

/** Helpers of the admin activities API tests, bound to the file's fixture. */
export function adminActivitiesHelpers(f: AdminFixture) {
  const activityCount = async () => (await f.t.ctx.db.select({ n: count() }).from(activities))[0]!.n;
  const activityRow = async (id: string) =>
    (await f.t.ctx.db.select().from(activities).where(eq(activities.id, id)))[0]!;
  /** A member (USER) and a team lead (ANALYST) both get 403 for the call. */
  const expectAdminOnly = (method: Method, url: string, payload?: object) =>
    f.expectForbidden(['member', 'lead'], FORBIDDEN_MESSAGE, method, url, payload);

  /** A running open project of Demo made through the admin API. */
  async function demoProject() {
    const res = await f.send('POST', '/api/admin/projects', f.tokens.admin, {
      name: 'Launch',
      starts_at: inDays(-1),
    });
    expect(res.statusCode).toBe(201);
    return res.json().project.id as string;
  }

  /** Valid bodies of each activity type. */
  const generalBody = (config: Record<string, unknown> = {}) => ({
    title: 'Pick a favourite',
    points: 5,
    config: {
      type: 'general_participation',
      prompt: 'Which colour?',
      response: 'choice',
      choices: ['Red', 'Blue'],
      ...config,
    },
  });
  const submissionBody = (config: Record<string, unknown> = {}) => ({
    title: 'Show the product',
    points: 20,
    config: { type: 'content_submission', prompt: 'A photo with the product', media: 'image', ...config },
  });
  const quiz = {
    questions: [{ question: 'Which colour is ours?', options: ['Red', 'Teal'], answer: 1 }],
    pass_mark: 100,
  };
  const trainingBody = (config: Record<string, unknown> = {}) => ({
    title: 'Brand basics',
    points: 15,
    config: { type: 'training', body: 'Our colour is teal.', quiz, ...config },
  });
  const socialBody = (config: Record<string, unknown>) => ({
    title: 'Share the launch',
    points: 10,
    config: { type: 'social_post', template_id: null, creative_ids: [], channels: ['twitter'], ...config },
  });

  /** An activity of Acme made through Acme's own admin API. */
  async function acmeActivity() {
    const project = await f.send(
      'POST',
      '/api/admin/projects',
      f.tokens.acmeAdmin,
      { name: 'Mission' },
      ACME_HOST,
    );
    const res = await f.send(
      'POST',
      `/api/admin/projects/${project.json().project.id}/activities`,
      f.tokens.acmeAdmin,
      submissionBody(),
      ACME_HOST,
    );
    expect(res.statusCode).toBe(201);
    return res.json().activity.id as string;
  }

  /** Bodies the activity schema or checks refuse, with the message each answers. */
  async function invalidActivityBodies(): Promise<[string, object, RegExp][]> {
    const acmeTemplate = await createTemplate(f.t.ctx.db, { clientId: f.ids.acme });
    const archivedTemplate = await createTemplate(f.t.ctx.db, {
      clientId: f.ids.demo,
      archivedAt: new Date(),
    });
    const acmeCreative = await createCreative(f.t.ctx.db, { clientId: f.ids.acme });
    const archivedCreative = await createCreative(f.t.ctx.db, {
      clientId: f.ids.demo,
      archivedAt: new Date(),
    });
    const creative = await createCreative(f.t.ctx.db, { clientId: f.ids.demo });
    const acmeFile = await uploadFile(f.t.app, f.tokens.acmeAdmin, {
      type: 'training',
      objectId: f.ids.acme,
      host: ACME_HOST,
      body: PDF,
      fileName: 'guide.pdf',
    });
    const image = await uploadFile(f.t.app, f.tokens.admin, { type: 'training', objectId: f.ids.demo });
    const question = (q: Record<string, unknown>) => ({
      questions: [{ question: 'Q?', options: ['A', 'B'], answer: 0, ...q }],
      pass_mark: 50,
    });
    const noTemplate = /template_id: no such template in the library/;
    const noCreative = /creative_ids: no such creative in the library/;
    return [
      ['no title', { points: 1, config: submissionBody().config }, /^Title is required$/],
      ['blank title', { ...submissionBody(), title: '  ' }, /^Title is required$/],
      [
        'long title',
        { ...submissionBody(), title: 't'.repeat(TITLE_MAX_LENGTH + 1) },
        /Title must be 120 characters/,
      ],
      ['no points', { title: 'x', config: submissionBody().config }, /Points must be a number/],
      ['negative points', { ...submissionBody(), points: -1 }, /Points cannot be negative/],
      ['fractional points', { ...submissionBody(), points: 1.5 }, /Points must be a whole number/],
      ['bad start', { ...submissionBody(), starts_at: 'soon' }, /Start must be a date and time \(ISO 8601\)/],
      ['bad due date', { ...submissionBody(), due_at: '2026-02-31' }, /Due date must be a date and time/],
      [
        'due before start',
        { ...submissionBody(), starts_at: inDays(3), due_at: inDays(1) },
        /^Due date must be after the start$/,
      ],
      ['no config', { title: 'x', points: 1 }, /config/],
      ['unknown type', { ...submissionBody(), config: { type: 'all', prompt: 'x' } }, /config/],
      ['unknown template', socialBody({ template_id: UNKNOWN_ID }), noTemplate],
      ["another client's template", socialBody({ template_id: acmeTemplate.id }), noTemplate],
      ['archived template', socialBody({ template_id: archivedTemplate.id }), noTemplate],
      [
        'template id not an id',
        socialBody({ template_id: 'welcome' }),
        /template_id must be a library template id/,
      ],
      ['unknown creative', socialBody({ creative_ids: [creative.id, UNKNOWN_ID] }), noCreative],
      ["another client's creative", socialBody({ creative_ids: [acmeCreative.id] }), noCreative],
      ['archived creative', socialBody({ creative_ids: [archivedCreative.id] }), noCreative],
      [
        'too many creatives',
        socialBody({ creative_ids: Array(11).fill(creative.id) }),
        /At most 10 creatives/,
      ],
      [
        'post with nothing',
        socialBody({}),
        /^A Personal Page post needs a template or at least one creative$/,
      ],
      ['unknown channel', socialBody({ creative_ids: [creative.id], channels: ['myspace'] }), /channels/],
      ['no prompt', generalBody({ prompt: ' ' }), /Prompt is required/],
      ['unknown response', generalBody({ response: 'video' }), /response must be text, choice or photo/],
      ['one choice', generalBody({ choices: ['Only'] }), /^A choice needs at least 2 options$/],
      ['no choices', generalBody({ choices: [] }), /^A choice needs at least 2 options$/],
      ['submission without prompt', submissionBody({ prompt: undefined }), /Prompt is required|prompt/],
      ['unknown media', submissionBody({ media: 'audio' }), /media/],
      [
        'answer out of range',
        trainingBody({ quiz: question({ answer: 2 }) }),
        /^Question 1: the answer must be one of its options$/,
      ],
      ['negative answer', trainingBody({ quiz: question({ answer: -1 }) }), /answer/],
      [
        'one option',
        trainingBody({ quiz: question({ options: ['A'] }) }),
        /A question needs at least 2 options/,
      ],
      [
        'no questions',
        trainingBody({ quiz: { questions: [], pass_mark: 50 } }),
        /A quiz needs at least one question/,
      ],
      ['pass mark over 100', trainingBody({ quiz: { ...question({}), pass_mark: 101 } }), /pass_mark/],
      [
        'empty training',
        trainingBody({ body: '  ', quiz: null }),
        /^A training needs text, a video or a PDF$/,
      ],
      [
        'http video',
        trainingBody({ video_url: 'http://example.com/v.mp4' }),
        /Video must be an uploaded file or an https URL/,
      ],
      [
        "another client's PDF",
        trainingBody({ pdf_url: acmeFile }),
        /^PDF must be a file uploaded to this app$/,
      ],
      ['image as PDF', trainingBody({ pdf_url: image }), /^PDF has the wrong file type$/],
      ['image as video', trainingBody({ video_url: image }), /^Video has the wrong file type$/],
    ];
  }

  return {
    activityCount,
    activityRow,
    expectAdminOnly,
    demoProject,
    generalBody,
    submissionBody,
    quiz,
    trainingBody,
    socialBody,
    acmeActivity,
    invalidActivityBodies,
  };
}
