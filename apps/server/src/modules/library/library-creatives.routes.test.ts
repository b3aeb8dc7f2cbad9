import { TITLE_MAX_LENGTH } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createCreative, createUpload, unique, uploadFile, userByEmail } from '../../test/factories.ts';
import { libraryHelpers, PDF, UNKNOWN_ID } from './library.fixture.ts';

const f = useAdminFixture();
const { creativeCount, creativeRow, expectAdminOnly, acmeCreative, newCreative, postUsing } =
  libraryHelpers(f);

describe('GET /api/admin/library/creatives', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/library/creatives' });
  });

  it('answers 403 to a member and to a team lead', async () => {
    await expectAdminOnly('GET', '/api/admin/library/creatives');
  });

  it('answers 400 for a search that is too long', async () => {
    const res = await f.send('GET', `/api/admin/library/creatives?q=${'a'.repeat(101)}`, f.tokens.admin);
    expect(res.statusCode).toBe(400);
  });

  it("lists this client's live creatives newest first, searched by name and by tag", async () => {
    const word = unique('otter');
    const first = await createCreative(f.t.ctx.db, {
      clientId: f.ids.demo,
      name: `${word} banner`,
      tags: ['summer'],
    });
    const second = await createCreative(f.t.ctx.db, {
      clientId: f.ids.demo,
      name: `Big ${word.toUpperCase()}`,
      tags: ['video'],
      kind: 'video',
    });
    const other = await createCreative(f.t.ctx.db, { clientId: f.ids.demo, name: 'Logo', tags: ['summer'] });
    await createCreative(f.t.ctx.db, { clientId: f.ids.demo, name: `${word} old`, archivedAt: new Date() });
    await createCreative(f.t.ctx.db, { clientId: f.ids.acme, name: `${word} acme`, tags: ['summer'] });
    const list = async (query: string) => {
      const res = await f.send('GET', `/api/admin/library/creatives${query}`, f.tokens.admin);
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
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: '/api/admin/library/creatives',
      payload: { name: 'C', url: '/api/files/x.webp' },
    });
  });

  it('answers 403 to a member and to a team lead, and creates nothing', async () => {
    const url = await createUpload(f.t.ctx, {
      clientId: f.ids.demo,
      userId: (await userByEmail(f.t.ctx.db, 'admin@demo.test')).id,
    });
    const before = await creativeCount();
    await expectAdminOnly('POST', '/api/admin/library/creatives', { name: 'C', url });
    expect(await creativeCount()).toBe(before);
  });

  it("answers 400 for a file that is not this client's image or video upload, and creates nothing", async () => {
    const acme = await acmeCreative();
    const pdf = await uploadFile(f.t.app, f.tokens.admin, {
      type: 'training',
      objectId: f.ids.demo,
      body: PDF,
      fileName: 'a.pdf',
    });
    const image = await uploadFile(f.t.app, f.tokens.admin, { type: 'creative', objectId: f.ids.demo });
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
      const res = await f.send('POST', '/api/admin/library/creatives', f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await creativeCount()).toBe(before);
  });

  it('creates an image creative from an upload, and a video one from a video upload', async () => {
    const image = await uploadFile(f.t.app, f.tokens.admin, { type: 'creative', objectId: f.ids.demo });
    const res = await f.send('POST', '/api/admin/library/creatives', f.tokens.admin, {
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
    expect(await creativeRow(res.json().creative.id)).toMatchObject({ clientId: f.ids.demo, kind: 'image' });

    const admin = await userByEmail(f.t.ctx.db, 'admin@demo.test');
    const video = (
      await createUpload(f.t.ctx, { clientId: f.ids.demo, userId: admin.id, contentType: 'video/mp4' })
    ).replace('.webp', '.mp4');
    const clip = await f.send('POST', '/api/admin/library/creatives', f.tokens.admin, {
      name: 'Clip',
      url: video,
    });
    expect(clip.statusCode).toBe(201);
    expect(clip.json().creative).toMatchObject({ kind: 'video', url: video });
  });
});

describe('PATCH /api/admin/library/creatives/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { id, url } = await newCreative();
    await expectSessionRequired(f.t, {
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
      const res = await f.send('PATCH', `/api/admin/library/creatives/${id}`, f.tokens.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await creativeRow(id)).toEqual(before);
  });

  it("answers 404 for another client's, an archived or an unknown creative, and changes nothing", async () => {
    const acme = await acmeCreative();
    const acmeBefore = await creativeRow(acme.id);
    const archived = await newCreative();
    await f.send('DELETE', `/api/admin/library/creatives/${archived.id}`, f.tokens.admin);
    for (const id of [acme.id, archived.id, UNKNOWN_ID]) {
      const res = await f.send('PATCH', `/api/admin/library/creatives/${id}`, f.tokens.admin, {
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
    const url = await uploadFile(f.t.app, f.tokens.admin, { type: 'creative', objectId: f.ids.demo });
    const res = await f.send('PATCH', `/api/admin/library/creatives/${id}`, f.tokens.admin, {
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
    await expectSessionRequired(f.t, { method: 'DELETE', url: `/api/admin/library/creatives/${id}` });
    expect((await creativeRow(id)).archivedAt).toBeNull();
  });

  it('answers 403 to a member and to a team lead, and archives nothing', async () => {
    const { id } = await newCreative();
    await expectAdminOnly('DELETE', `/api/admin/library/creatives/${id}`);
    expect((await creativeRow(id)).archivedAt).toBeNull();
  });

  it('answers 400 for an id that is not a library item id', async () => {
    const res = await f.send('DELETE', '/api/admin/library/creatives/banner', f.tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a library item id');
  });

  it("answers 404 for another client's or an unknown creative, and archives nothing", async () => {
    const acme = await acmeCreative();
    for (const id of [acme.id, UNKNOWN_ID]) {
      const res = await f.send('DELETE', `/api/admin/library/creatives/${id}`, f.tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Creative not found' });
    }
    expect((await creativeRow(acme.id)).archivedAt).toBeNull();
  });

  it('hides the creative from the library while activities that use it keep showing it', async () => {
    const { id, url } = await newCreative();
    const { activityId } = await postUsing({ creativeId: id });
    const res = await f.send('DELETE', `/api/admin/library/creatives/${id}`, f.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect((await creativeRow(id)).archivedAt).toBeInstanceOf(Date);
    const list = await f.send('GET', '/api/admin/library/creatives', f.tokens.admin);
    expect((list.json().creatives as { id: string }[]).map((x) => x.id)).not.toContain(id);
    const seen = await f.send('GET', `/api/activities/${activityId}`, f.tokens.member);
    expect(seen.json().activity.content.creatives).toEqual([expect.objectContaining({ id, url })]);
  });
});
