import { TITLE_MAX_LENGTH } from '@rally/shared';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatives, templates } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createCreative,
  createProject,
  createTemplate,
  createUpload,
  headersFor,
  joinProject,
  unique,
  uploadFile,
  userByEmail,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
let memberToken: string;
let leadToken: string;
let acmeAdminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [adminToken, memberToken, leadToken, acmeAdminToken] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('member@demo.test'),
    t.login('lead@demo.test'),
    t.login('admin@acme.test'),
  ]);
});
afterAll(() => t.close());

const FORBIDDEN = { message: 'You are not allowed to manage the library' };
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, token: string, payload?: object, host = DEMO_HOST) =>
  t.app.inject({
    method,
    url,
    headers: headersFor(token, host),
    ...(payload === undefined ? {} : { payload }),
  } as InjectOptions);
const templateCount = async () => (await t.ctx.db.select({ n: count() }).from(templates))[0]!.n;
const creativeCount = async () => (await t.ctx.db.select({ n: count() }).from(creatives))[0]!.n;
const templateRow = async (id: string) =>
  (await t.ctx.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const creativeRow = async (id: string) =>
  (await t.ctx.db.select().from(creatives).where(eq(creatives.id, id)))[0]!;

/** A member (USER) and a team lead (ANALYST) both get 403 for the call. */
async function expectAdminOnly(method: Method, url: string, payload?: object) {
  for (const token of [memberToken, leadToken]) {
    const res = await send(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}`).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  }
}

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
  const res = await send('POST', '/api/admin/library/templates', acmeAdminToken, templateBody(), ACME_HOST);
  expect(res.statusCode).toBe(201);
  return res.json().template.id as string;
}
/** A creative of Acme: an upload of Acme, made a creative through Acme's own admin API. */
async function acmeCreative() {
  const url = await uploadFile(t.app, acmeAdminToken, {
    type: 'creative',
    objectId: ids.acme,
    host: ACME_HOST,
  });
  const res = await send(
    'POST',
    '/api/admin/library/creatives',
    acmeAdminToken,
    { name: 'Rocket', url },
    ACME_HOST,
  );
  expect(res.statusCode).toBe(201);
  return { id: res.json().creative.id as string, url };
}
const newTemplate = async (over: Record<string, unknown> = {}) => {
  const res = await send('POST', '/api/admin/library/templates', adminToken, templateBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().template as { id: string; name: string };
};
const newCreative = async (over: Record<string, unknown> = {}) => {
  const url = await uploadFile(t.app, adminToken, { type: 'creative', objectId: ids.demo });
  const res = await send('POST', '/api/admin/library/creatives', adminToken, {
    name: 'Banner',
    url,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().creative as { id: string; url: string };
};

describe('GET /api/admin/library/templates', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/library/templates' });
  });

  it('answers 403 to a member and to a team lead', async () => {
    await expectAdminOnly('GET', '/api/admin/library/templates');
  });

  it('answers 400 for a search or tag that is too long', async () => {
    for (const query of [`q=${'a'.repeat(101)}`, `tag=${'a'.repeat(41)}`]) {
      const res = await send('GET', `/api/admin/library/templates?${query}`, adminToken);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });

  it("lists this client's live templates newest first, searched by name or text and by tag", async () => {
    const word = unique('zebra');
    const byName = await newTemplate({ name: `${word} summer`, tags: ['summer'] });
    const byBody = await newTemplate({
      name: 'Other',
      body: `Say ${word.toUpperCase()} to [[first_name]]`,
      tags: ['summer', 'launch'],
    });
    const unrelated = await newTemplate({ name: 'Unrelated', tags: ['winter'] });
    const gone = await newTemplate({ name: `${word} gone`, tags: ['summer'] });
    await send('DELETE', `/api/admin/library/templates/${gone.id}`, adminToken);
    await createTemplate(t.ctx.db, { clientId: ids.acme, name: `${word} acme`, tags: ['summer'] });
    const list = async (query: string) => {
      const res = await send('GET', `/api/admin/library/templates${query}`, adminToken);
      expect(res.statusCode).toBe(200);
      return (res.json().templates as { id: string }[]).map((x) => x.id);
    };

    const all = await list('');
    expect(all.indexOf(unrelated.id)).toBeLessThan(all.indexOf(byName.id));
    expect(all).not.toContain(gone.id);
    expect(await list(`?q=${word}`)).toEqual([byBody.id, byName.id]);
    expect(await list(`?q=${word}&tag=launch`)).toEqual([byBody.id]);
    expect(await list('?tag=winter')).toEqual([unrelated.id]);
    expect(await list(`?q=${word}&tag=winter`)).toEqual([]);
    // LIKE wildcards in a search are plain characters.
    expect(await list(`?q=${word}%25`)).toEqual([]);
    expect(await list(`?q=${word}_summer`)).toEqual([]);

    const full = (await send('GET', `/api/admin/library/templates?q=${word}&tag=launch`, adminToken)).json();
    expect(full.templates[0]).toEqual({
      id: byBody.id,
      name: 'Other',
      body: `Say ${word.toUpperCase()} to [[first_name]]`,
      placeholders: [{ id: 'first_name', name: 'First name', value: 'Alex' }],
      tags: ['summer', 'launch'],
    });
  });
});

describe('POST /api/admin/library/templates', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, {
      method: 'POST',
      url: '/api/admin/library/templates',
      payload: templateBody(),
    });
  });

  it('answers 403 to a member and to a team lead, and creates nothing', async () => {
    const before = await templateCount();
    await expectAdminOnly('POST', '/api/admin/library/templates', templateBody());
    expect(await templateCount()).toBe(before);
  });

  it('answers 400 naming what is wrong, and creates nothing', async () => {
    const before = await templateCount();
    for (const [label, body, message] of invalidTemplateBodies) {
      const res = await send('POST', '/api/admin/library/templates', adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await templateCount()).toBe(before);
  });

  it('creates a template with its placeholders (default value empty) and tags', async () => {
    const res = await send('POST', '/api/admin/library/templates', adminToken, {
      name: '  Team shout-out ',
      body: '[[team]] rocks, says [[first_name]] [[first_name]]',
      placeholders: [
        { id: 'team', name: 'Team' },
        { id: 'first_name', name: 'First name', value: 'Alex' },
      ],
      tags: [' team '],
    });
    expect(res.statusCode).toBe(201);
    const { template } = res.json();
    expect(template).toEqual({
      id: expect.any(String),
      name: 'Team shout-out',
      body: '[[team]] rocks, says [[first_name]] [[first_name]]',
      placeholders: [
        { id: 'team', name: 'Team', value: '' },
        { id: 'first_name', name: 'First name', value: 'Alex' },
      ],
      tags: ['team'],
    });
    expect(await templateRow(template.id)).toMatchObject({ clientId: ids.demo, archivedAt: null });
  });
});

describe('PATCH /api/admin/library/templates/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id } = await newTemplate();
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `/api/admin/library/templates/${id}`,
      payload: templateBody({ name: 'X' }),
    });
  });

  it('answers 403 to a member and to a team lead, and changes nothing', async () => {
    const { id } = await newTemplate();
    const before = await templateRow(id);
    await expectAdminOnly('PATCH', `/api/admin/library/templates/${id}`, templateBody({ name: 'Mine' }));
    expect(await templateRow(id)).toEqual(before);
  });

  it('answers 400 naming what is wrong, and changes nothing', async () => {
    const { id } = await newTemplate();
    const before = await templateRow(id);
    for (const [label, body, message] of invalidTemplateBodies) {
      const res = await send('PATCH', `/api/admin/library/templates/${id}`, adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await send('PATCH', '/api/admin/library/templates/t1', adminToken, templateBody());
    expect(badId.json()).toEqual({ message: 'id must be a library item id', code: 'invalid_input' });
    expect(await templateRow(id)).toEqual(before);
  });

  it("answers 404 for another client's, an archived or an unknown template, and changes nothing", async () => {
    const foreign = await acmeTemplate();
    const foreignBefore = await templateRow(foreign);
    const archived = await newTemplate();
    await send('DELETE', `/api/admin/library/templates/${archived.id}`, adminToken);
    for (const id of [foreign, archived.id, UNKNOWN_ID]) {
      const res = await send(
        'PATCH',
        `/api/admin/library/templates/${id}`,
        adminToken,
        templateBody({ name: 'X' }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Template not found' });
    }
    expect(await templateRow(foreign)).toEqual(foreignBefore);
    expect((await templateRow(archived.id)).name).toBe('Launch post');
  });

  it('replaces the template; activities using it show the new text', async () => {
    const { id } = await newTemplate();
    const res = await send('PATCH', `/api/admin/library/templates/${id}`, adminToken, {
      name: 'Launch post v2',
      body: 'No placeholders any more #launch',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().template).toEqual({
      id,
      name: 'Launch post v2',
      body: 'No placeholders any more #launch',
      placeholders: [],
      tags: [],
    });
    const row = await templateRow(id);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    const { activityId } = await postUsing({ templateId: id });
    const seen = await send('GET', `/api/activities/${activityId}`, memberToken);
    expect(seen.json().activity.content.template).toMatchObject({ body: 'No placeholders any more #launch' });
  });
});

/** A Personal Page activity using the template or creative, in a project member@demo.test has joined. */
async function postUsing(input: { templateId?: string; creativeId?: string }) {
  const project = await createProject(t.ctx.db, { clientId: ids.demo });
  const member = await userByEmail(t.ctx.db, 'member@demo.test');
  await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: member.id });
  const activity = await createActivity(t.ctx.db, {
    clientId: ids.demo,
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

describe('DELETE /api/admin/library/templates/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id } = await newTemplate();
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/admin/library/templates/${id}` });
    expect((await templateRow(id)).archivedAt).toBeNull();
  });

  it('answers 403 to a member and to a team lead, and archives nothing', async () => {
    const { id } = await newTemplate();
    await expectAdminOnly('DELETE', `/api/admin/library/templates/${id}`);
    expect((await templateRow(id)).archivedAt).toBeNull();
  });

  it('answers 400 for an id that is not a library item id', async () => {
    const res = await send('DELETE', '/api/admin/library/templates/launch', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a library item id');
  });

  it("answers 404 for another client's or an unknown template, and archives nothing", async () => {
    const foreign = await acmeTemplate();
    for (const id of [foreign, UNKNOWN_ID]) {
      const res = await send('DELETE', `/api/admin/library/templates/${id}`, adminToken);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Template not found' });
    }
    expect((await templateRow(foreign)).archivedAt).toBeNull();
  });

  it('hides the template from the library while activities that use it keep showing it', async () => {
    const { id } = await newTemplate({ name: unique('Soon gone ') });
    const { activityId } = await postUsing({ templateId: id });
    const res = await send('DELETE', `/api/admin/library/templates/${id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await templateRow(id)).archivedAt).toBeInstanceOf(Date);
    const list = await send('GET', '/api/admin/library/templates', adminToken);
    expect((list.json().templates as { id: string }[]).map((x) => x.id)).not.toContain(id);
    const seen = await send('GET', `/api/activities/${activityId}`, memberToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().activity.content.template).toMatchObject({
      id,
      name: expect.stringContaining('Soon gone'),
    });
    expect((await send('DELETE', `/api/admin/library/templates/${id}`, adminToken)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/library/creatives', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/library/creatives' });
  });

  it('answers 403 to a member and to a team lead', async () => {
    await expectAdminOnly('GET', '/api/admin/library/creatives');
  });

  it('answers 400 for a search that is too long', async () => {
    const res = await send('GET', `/api/admin/library/creatives?q=${'a'.repeat(101)}`, adminToken);
    expect(res.statusCode).toBe(400);
  });

  it("lists this client's live creatives newest first, searched by name and by tag", async () => {
    const word = unique('otter');
    const first = await createCreative(t.ctx.db, {
      clientId: ids.demo,
      name: `${word} banner`,
      tags: ['summer'],
    });
    const second = await createCreative(t.ctx.db, {
      clientId: ids.demo,
      name: `Big ${word.toUpperCase()}`,
      tags: ['video'],
      kind: 'video',
    });
    const other = await createCreative(t.ctx.db, { clientId: ids.demo, name: 'Logo', tags: ['summer'] });
    await createCreative(t.ctx.db, { clientId: ids.demo, name: `${word} old`, archivedAt: new Date() });
    await createCreative(t.ctx.db, { clientId: ids.acme, name: `${word} acme`, tags: ['summer'] });
    const list = async (query: string) => {
      const res = await send('GET', `/api/admin/library/creatives${query}`, adminToken);
      expect(res.statusCode).toBe(200);
      return res.json().creatives as { id: string; kind: string }[];
    };
    expect((await list(`?q=${word}`)).map((c) => c.id)).toEqual([second.id, first.id]);
    expect((await list(`?q=${word}&tag=summer`)).map((c) => c.id)).toEqual([first.id]);
    expect((await list('?tag=summer')).map((c) => c.id)).toEqual([other.id, first.id]);
    expect((await list(`?q=${word}`))[0]).toEqual({
      id: second.id,
      name: `Big ${word.toUpperCase()}`,
      url: second.url,
      kind: 'video',
      tags: ['video'],
    });
  });
});

describe('POST /api/admin/library/creatives', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, {
      method: 'POST',
      url: '/api/admin/library/creatives',
      payload: { name: 'C', url: '/api/files/x.webp' },
    });
  });

  it('answers 403 to a member and to a team lead, and creates nothing', async () => {
    const url = await createUpload(t.ctx, {
      clientId: ids.demo,
      userId: (await userByEmail(t.ctx.db, 'admin@demo.test')).id,
    });
    const before = await creativeCount();
    await expectAdminOnly('POST', '/api/admin/library/creatives', { name: 'C', url });
    expect(await creativeCount()).toBe(before);
  });

  it("answers 400 for a file that is not this client's image or video upload, and creates nothing", async () => {
    const acme = await acmeCreative();
    const pdf = await uploadFile(t.app, adminToken, {
      type: 'training',
      objectId: ids.demo,
      body: PDF,
      fileName: 'a.pdf',
    });
    const image = await uploadFile(t.app, adminToken, { type: 'creative', objectId: ids.demo });
    const before = await creativeCount();
    const cases: [string, object, RegExp][] = [
      ['no name', { url: image }, /^Name is required$/],
      [
        'long name',
        { name: 'n'.repeat(TITLE_MAX_LENGTH + 1), url: image },
        /Name must be 120 characters or less/,
      ],
      ['no url', { name: 'C' }, /url/],
      [
        'http url',
        { name: 'C', url: 'http://example.com/a.png' },
        /File must be an uploaded file or an https URL/,
      ],
      ['relative path', { name: 'C', url: '../etc/passwd' }, /File must be an uploaded file or an https URL/],
      [
        'https url',
        { name: 'C', url: 'https://example.com/a.png' },
        /^File must be uploaded to this app first$/,
      ],
      ["another client's upload", { name: 'C', url: acme.url }, /^File must be uploaded to this app first$/],
      [
        'unknown upload',
        { name: 'C', url: `/api/files/${UNKNOWN_ID}.webp` },
        /^File must be uploaded to this app first$/,
      ],
      ['a PDF', { name: 'C', url: pdf }, /^A creative must be an image or a video$/],
      ['long tag', { name: 'C', url: image, tags: ['t'.repeat(41)] }, /tags/],
    ];
    for (const [label, body, message] of cases) {
      const res = await send('POST', '/api/admin/library/creatives', adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await creativeCount()).toBe(before);
  });

  it('creates an image creative from an upload, and a video one from a video upload', async () => {
    const image = await uploadFile(t.app, adminToken, { type: 'creative', objectId: ids.demo });
    const res = await send('POST', '/api/admin/library/creatives', adminToken, {
      name: 'Launch banner',
      url: image,
      tags: ['launch'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().creative).toEqual({
      id: expect.any(String),
      name: 'Launch banner',
      url: image,
      kind: 'image',
      tags: ['launch'],
    });
    expect(await creativeRow(res.json().creative.id)).toMatchObject({ clientId: ids.demo, kind: 'image' });

    const admin = await userByEmail(t.ctx.db, 'admin@demo.test');
    const video = (
      await createUpload(t.ctx, { clientId: ids.demo, userId: admin.id, contentType: 'video/mp4' })
    ).replace('.webp', '.mp4');
    const clip = await send('POST', '/api/admin/library/creatives', adminToken, { name: 'Clip', url: video });
    expect(clip.statusCode).toBe(201);
    expect(clip.json().creative).toMatchObject({ kind: 'video', url: video });
  });
});

describe('PATCH /api/admin/library/creatives/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id, url } = await newCreative();
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `/api/admin/library/creatives/${id}`,
      payload: { name: 'X', url },
    });
  });

  it('answers 403 to a member and to a team lead, and changes nothing', async () => {
    const { id, url } = await newCreative();
    const before = await creativeRow(id);
    await expectAdminOnly('PATCH', `/api/admin/library/creatives/${id}`, { name: 'Mine', url });
    expect(await creativeRow(id)).toEqual(before);
  });

  it("answers 400 for another client's upload or a bad name, and changes nothing", async () => {
    const { id, url } = await newCreative();
    const acme = await acmeCreative();
    const before = await creativeRow(id);
    for (const body of [
      { name: 'X', url: acme.url },
      { name: '', url },
      { name: 'X', url: 'ftp://x' },
    ]) {
      const res = await send('PATCH', `/api/admin/library/creatives/${id}`, adminToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await creativeRow(id)).toEqual(before);
  });

  it("answers 404 for another client's, an archived or an unknown creative, and changes nothing", async () => {
    const acme = await acmeCreative();
    const acmeBefore = await creativeRow(acme.id);
    const archived = await newCreative();
    await send('DELETE', `/api/admin/library/creatives/${archived.id}`, adminToken);
    for (const id of [acme.id, archived.id, UNKNOWN_ID]) {
      const res = await send('PATCH', `/api/admin/library/creatives/${id}`, adminToken, {
        name: 'X',
        url: archived.url,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Creative not found' });
    }
    expect(await creativeRow(acme.id)).toEqual(acmeBefore);
  });

  it('replaces the name, file and tags', async () => {
    const { id } = await newCreative({ tags: ['old'] });
    const url = await uploadFile(t.app, adminToken, { type: 'creative', objectId: ids.demo });
    const res = await send('PATCH', `/api/admin/library/creatives/${id}`, adminToken, {
      name: 'New banner',
      url,
      tags: ['new'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().creative).toEqual({ id, name: 'New banner', url, kind: 'image', tags: ['new'] });
    expect(await creativeRow(id)).toMatchObject({ name: 'New banner', url, tags: ['new'] });
  });
});

describe('DELETE /api/admin/library/creatives/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id } = await newCreative();
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/admin/library/creatives/${id}` });
    expect((await creativeRow(id)).archivedAt).toBeNull();
  });

  it('answers 403 to a member and to a team lead, and archives nothing', async () => {
    const { id } = await newCreative();
    await expectAdminOnly('DELETE', `/api/admin/library/creatives/${id}`);
    expect((await creativeRow(id)).archivedAt).toBeNull();
  });

  it('answers 400 for an id that is not a library item id', async () => {
    const res = await send('DELETE', '/api/admin/library/creatives/banner', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a library item id');
  });

  it("answers 404 for another client's or an unknown creative, and archives nothing", async () => {
    const acme = await acmeCreative();
    for (const id of [acme.id, UNKNOWN_ID]) {
      const res = await send('DELETE', `/api/admin/library/creatives/${id}`, adminToken);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Creative not found' });
    }
    expect((await creativeRow(acme.id)).archivedAt).toBeNull();
  });

  it('hides the creative from the library while activities that use it keep showing it', async () => {
    const { id, url } = await newCreative();
    const { activityId } = await postUsing({ creativeId: id });
    const res = await send('DELETE', `/api/admin/library/creatives/${id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect((await creativeRow(id)).archivedAt).toBeInstanceOf(Date);
    const list = await send('GET', '/api/admin/library/creatives', adminToken);
    expect((list.json().creatives as { id: string }[]).map((x) => x.id)).not.toContain(id);
    const seen = await send('GET', `/api/activities/${activityId}`, memberToken);
    expect(seen.json().activity.content.creatives).toEqual([expect.objectContaining({ id, url })]);
  });
});
