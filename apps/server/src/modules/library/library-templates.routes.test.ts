import { describe, expect, it } from 'vitest';
import { invalidForPatch, useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createTemplate, unique } from '../../test/factories.ts';
import { libraryHelpers, UNKNOWN_ID } from './library.fixture.ts';

const f = useAdminFixture();
const {
  templateCount,
  templateRow,
  expectAdminOnly,
  templateBody,
  invalidTemplateBodies,
  acmeTemplate,
  newTemplate,
  postUsing,
} = libraryHelpers(f);

describe('GET /api/admin/library/templates', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/library/templates' });
  });

  it('answers 403 to a member and to a team lead', async () => {
    await expectAdminOnly('GET', '/api/admin/library/templates');
  });

  it('answers 400 for a search or tag that is too long', async () => {
    for (const query of [`q=${'a'.repeat(101)}`, `tag=${'a'.repeat(41)}`]) {
      const res = await f.send('GET', `/api/admin/library/templates?${query}`, f.tokens.admin);
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
    await f.send('DELETE', `/api/admin/library/templates/${gone.id}`, f.tokens.admin);
    await createTemplate(f.t.ctx.db, { clientId: f.ids.acme, name: `${word} acme`, tags: ['summer'] });
    const list = async (query: string) => {
      const res = await f.send('GET', `/api/admin/library/templates${query}`, f.tokens.admin);
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

    const full = (
      await f.send('GET', `/api/admin/library/templates?q=${word}&tag=launch`, f.tokens.admin)
    ).json();
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
    await expectSessionRequired(f.t, {
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
      const res = await f.send('POST', '/api/admin/library/templates', f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await templateCount()).toBe(before);
  });

  it('creates a template with its placeholders (default value empty) and tags', async () => {
    const res = await f.send('POST', '/api/admin/library/templates', f.tokens.admin, {
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
    expect(await templateRow(template.id)).toMatchObject({ clientId: f.ids.demo, archivedAt: null });
  });
});

describe('PATCH /api/admin/library/templates/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id } = await newTemplate();
    await expectSessionRequired(f.t, {
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
    for (const [label, body, message] of invalidForPatch(invalidTemplateBodies)) {
      const res = await f.send('PATCH', `/api/admin/library/templates/${id}`, f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await f.send('PATCH', '/api/admin/library/templates/t1', f.tokens.admin, templateBody());
    expect(badId.json()).toEqual({ message: 'id must be a library item id', code: 'invalid_input' });
    expect(await templateRow(id)).toEqual(before);
  });

  it("answers 404 for another client's, an archived or an unknown template, and changes nothing", async () => {
    const foreign = await acmeTemplate();
    const foreignBefore = await templateRow(foreign);
    const archived = await newTemplate();
    await f.send('DELETE', `/api/admin/library/templates/${archived.id}`, f.tokens.admin);
    for (const id of [foreign, archived.id, UNKNOWN_ID]) {
      const res = await f.send(
        'PATCH',
        `/api/admin/library/templates/${id}`,
        f.tokens.admin,
        templateBody({ name: 'X' }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Template not found' });
    }
    expect(await templateRow(foreign)).toEqual(foreignBefore);
    expect((await templateRow(archived.id)).name).toBe('Launch post');
  });

  it('changes the fields sent and keeps the rest; activities using it show the new text', async () => {
    const { id } = await newTemplate();
    const res = await f.send('PATCH', `/api/admin/library/templates/${id}`, f.tokens.admin, {
      name: 'Launch post v2',
      body: 'No placeholders any more #launch',
      // PATCH is partial: the placeholders the old text used stay unless the request clears them too.
      placeholders: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().template).toEqual({
      id,
      name: 'Launch post v2',
      body: 'No placeholders any more #launch',
      placeholders: [],
      // Left out of the request, so kept.
      tags: ['launch'],
    });
    const row = await templateRow(id);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    const { activityId } = await postUsing({ templateId: id });
    const seen = await f.send('GET', `/api/activities/${activityId}`, f.tokens.member);
    expect(seen.json().activity.content.template).toMatchObject({ body: 'No placeholders any more #launch' });
  });
});

describe('DELETE /api/admin/library/templates/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id } = await newTemplate();
    await expectSessionRequired(f.t, { method: 'DELETE', url: `/api/admin/library/templates/${id}` });
    expect((await templateRow(id)).archivedAt).toBeNull();
  });

  it('answers 403 to a member and to a team lead, and archives nothing', async () => {
    const { id } = await newTemplate();
    await expectAdminOnly('DELETE', `/api/admin/library/templates/${id}`);
    expect((await templateRow(id)).archivedAt).toBeNull();
  });

  it('answers 400 for an id that is not a library item id', async () => {
    const res = await f.send('DELETE', '/api/admin/library/templates/launch', f.tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a library item id');
  });

  it("answers 404 for another client's or an unknown template, and archives nothing", async () => {
    const foreign = await acmeTemplate();
    for (const id of [foreign, UNKNOWN_ID]) {
      const res = await f.send('DELETE', `/api/admin/library/templates/${id}`, f.tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Template not found' });
    }
    expect((await templateRow(foreign)).archivedAt).toBeNull();
  });

  it('hides the template from the library while activities that use it keep showing it', async () => {
    const { id } = await newTemplate({ name: unique('Soon gone ') });
    const { activityId } = await postUsing({ templateId: id });
    const res = await f.send('DELETE', `/api/admin/library/templates/${id}`, f.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await templateRow(id)).archivedAt).toBeInstanceOf(Date);
    const list = await f.send('GET', '/api/admin/library/templates', f.tokens.admin);
    expect((list.json().templates as { id: string }[]).map((x) => x.id)).not.toContain(id);
    const seen = await f.send('GET', `/api/activities/${activityId}`, f.tokens.member);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().activity.content.template).toMatchObject({
      id,
      name: expect.stringContaining('Soon gone'),
    });
    expect((await f.send('DELETE', `/api/admin/library/templates/${id}`, f.tokens.admin)).statusCode).toBe(
      404,
    );
  });
});
