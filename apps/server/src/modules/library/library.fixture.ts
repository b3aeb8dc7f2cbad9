import { TITLE_MAX_LENGTH } from '@rally/shared';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { creatives, templates } from '../../db/schema/index.ts';
import type { AdminFixture, Method } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { createActivity, createProject, joinProject, uploadFile, userByEmail } from '../../test/factories.ts';
import { tinyPdf } from '../uploads/media-fixtures.ts';

export const FORBIDDEN_MESSAGE = 'You are not allowed to manage the library';
export const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
/** A small PDF that passes the upload's structural check. */
export const PDF = tinyPdf();

/** Helpers of the library API tests, bound to the file's fixture. */
export function libraryHelpers(f: AdminFixture) {
  const templateCount = async () => (await f.t.ctx.db.select({ n: count() }).from(templates))[0]!.n;
  const creativeCount = async () => (await f.t.ctx.db.select({ n: count() }).from(creatives))[0]!.n;
  const templateRow = async (id: string) =>
    (await f.t.ctx.db.select().from(templates).where(eq(templates.id, id)))[0]!;
  const creativeRow = async (id: string) =>
    (await f.t.ctx.db.select().from(creatives).where(eq(creatives.id, id)))[0]!;
  /** A member (USER) and a team lead (ANALYST) both get 403 for the call. */
  const expectAdminOnly = (method: Method, url: string, payload?: object) =>
    f.expectForbidden(['member', 'lead'], FORBIDDEN_MESSAGE, method, url, payload);

  const templateBody = (over: Record<string, unknown> = {}) => ({
    name: 'Launch post',
    body: 'Hi, I am [[first_name]] and I love the launch! #launch',
    placeholders: [{ id: 'first_name', name: 'First name', value: 'Alex' }],
    tags: ['launch'],
    ...over,
  });

  /** Bodies the template schema or checks refuse, with the message each answers. */
  const invalidTemplateBodies: [string, object, RegExp][] = [
    ['no name', { body: 'Hi' }, /^Name is required$/],
    [
      'long name',
      templateBody({ name: 'n'.repeat(TITLE_MAX_LENGTH + 1) }),
      /Name must be 120 characters or less/,
    ],
    ['no text', { name: 'T' }, /body/],
    ['empty text', templateBody({ body: '', placeholders: [] }), /Text is required/],
    [
      'placeholder not defined',
      templateBody({ body: 'Hi [[x]] from [[first_name]]' }),
      /^Placeholder \[\[x\]\] is used in the text but not defined$/,
    ],
    [
      'placeholder not used',
      templateBody({ body: 'Hi there', placeholders: [{ id: 'city', name: 'City' }] }),
      /^Placeholder city is defined but not used in the text$/,
    ],
    [
      'duplicate placeholder',
      templateBody({
        placeholders: [
          { id: 'first_name', name: 'First name' },
          { id: 'first_name', name: 'Given name' },
        ],
      }),
      /^Placeholder ids must be unique$/,
    ],
    [
      'placeholder id with spaces',
      templateBody({ body: 'Hi [[first name]]', placeholders: [{ id: 'first name', name: 'First' }] }),
      /Placeholder id must contain only letters, numbers, hyphens, and underscores/,
    ],
    [
      'placeholder without a name',
      templateBody({ placeholders: [{ id: 'first_name', name: ' ' }] }),
      /Placeholder name is required/,
    ],
    ['long tag', templateBody({ tags: ['t'.repeat(41)] }), /tags/],
    ['too many tags', templateBody({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), /tags/],
  ];

  /** A template of Acme made through Acme's own admin API. */
  async function acmeTemplate() {
    const res = await f.send(
      'POST',
      '/api/admin/library/templates',
      f.tokens.acmeAdmin,
      templateBody(),
      ACME_HOST,
    );
    expect(res.statusCode).toBe(201);
    return res.json().template.id as string;
  }
  /** A creative of Acme: an upload of Acme, made a creative through Acme's own admin API. */
  async function acmeCreative() {
    const url = await uploadFile(f.t.app, f.tokens.acmeAdmin, {
      type: 'creative',
      objectId: f.ids.acme,
      host: ACME_HOST,
    });
    const res = await f.send(
      'POST',
      '/api/admin/library/creatives',
      f.tokens.acmeAdmin,
      { name: 'Rocket', url },
      ACME_HOST,
    );
    expect(res.statusCode).toBe(201);
    return { id: res.json().creative.id as string, url };
  }
  const newTemplate = async (over: Record<string, unknown> = {}) => {
    const res = await f.send('POST', '/api/admin/library/templates', f.tokens.admin, templateBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().template as { id: string; name: string };
  };
  const newCreative = async (over: Record<string, unknown> = {}) => {
    const url = await uploadFile(f.t.app, f.tokens.admin, { type: 'creative', objectId: f.ids.demo });
    const res = await f.send('POST', '/api/admin/library/creatives', f.tokens.admin, {
      name: 'Banner',
      url,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().creative as { id: string; url: string };
  };

  /** A Personal Page activity using the template or creative, in a project member@demo.test has joined. */
  async function postUsing(input: { templateId?: string; creativeId?: string }) {
    const project = await createProject(f.t.ctx.db, { clientId: f.ids.demo });
    const member = await userByEmail(f.t.ctx.db, 'member@demo.test');
    await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: project.id, userId: member.id });
    const activity = await createActivity(f.t.ctx.db, {
      clientId: f.ids.demo,
      projectId: project.id,
      type: 'social_post',
      config: {
        type: 'social_post',
        template_id: input.templateId ?? null,
        creative_ids: input.creativeId ? [input.creativeId] : [],
        channels: [],
      },
    });
    return { projectId: project.id, activityId: activity.id };
  }

  return {
    postUsing,
    templateCount,
    creativeCount,
    templateRow,
    creativeRow,
    expectAdminOnly,
    templateBody,
    invalidTemplateBodies,
    acmeTemplate,
    acmeCreative,
    newTemplate,
    newCreative,
  };
}
