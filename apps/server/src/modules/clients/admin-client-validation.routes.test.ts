import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createTeam,
  createUpload,
  headersFor,
  uploadFile,
  userByEmail,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const patch = (payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/admin/client',
    headers: headersFor(admin),
    payload: payload as object,
  });
const clientRow = async (id: string) => (await t.ctx.db.select().from(clients).where(eq(clients.id, id)))[0]!;

/** Sends a refused change (with a valid name beside it) and checks the message and that nothing changed. */
async function expectRefused(payload: Record<string, unknown>, message: unknown) {
  const before = await clientRow(ids.demo);
  const res = await patch({ name: 'Should not be saved', ...payload });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  expect(res.json().message).toEqual(message);
  expect(await clientRow(ids.demo)).toEqual(before);
  expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.clientId, ids.demo))).toEqual([]);
  const served = (await t.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } })).json().client;
  expect(served.name).toBe('Demo');
}

describe('PATCH /api/admin/client: bad input', () => {
  it('answers 400 naming each bad field, and changes nothing', async () => {
    const word = { singular: 'Campaign', plural: 'Campaigns' };
    const labels = { user: '', lead: '', teamLead: '', admin: '', teamAdmin: '' };
    const cases: [Record<string, unknown>, unknown][] = [
      [{ name: '   ' }, 'name: must not be empty'],
      [{ name: 'x'.repeat(81) }, 'name: must be 80 characters or less'],
      [{ primary_color: 'blue' }, 'primary_color: must be a colour like #007E97'],
      [{ secondary_color: '#12345' }, 'secondary_color: must be a colour like #007E97'],
      [{ project: { singular: '', plural: 'Campaigns' } }, 'project.singular: must not be empty'],
      [{ team: { ...word, plural: 'x'.repeat(41) } }, 'team.plural: must be 40 characters or less'],
      [
        { role_labels: { ...labels, admin: 'x'.repeat(41) } },
        'role_labels.admin: must be 40 characters or less',
      ],
      [{ role_labels: { ...labels, owner: 'Boss' } }, 'role_labels: Unrecognized key: "owner"'],
      [
        { terms_url: 'ftp://demo.example/terms' },
        'terms_url: must be empty or a web address starting with http:// or https://',
      ],
      [
        { terms_url: 'https://nodot' },
        'terms_url: must be empty or a web address starting with http:// or https://',
      ],
      [
        { features: ['community', 'rockets'] },
        expect.stringMatching(/^features\.1: must be among open, chat/),
      ],
      [{ features: ['chat', 'chat'] }, 'features: must not repeat a feature'],
      [{ channels: [] }, 'channels: must include at least one channel'],
      [{ channels: ['myspace'] }, expect.stringMatching(/^channels\.0: must be among facebook/)],
      [{ white_label: 'yes' }, 'white_label: must be true or false'],
      [{ community_variant: 'lite' }, 'community_variant: must be full or white_label'],
      [{ paused: 1 }, 'paused: must be true or false'],
      [{ pause_override: ['not-an-id'] }, 'pause_override.0: must list team ids'],
      [
        { image_url: 'https://elsewhere.example/logo.png' },
        'image_url: must be an image uploaded to this app',
      ],
      [
        { favicon_url: '/api/files/0190a0a0-0000-7000-8000-000000000000.webp' },
        'favicon_url: must be an image uploaded to this app',
      ],
    ];
    for (const [payload, message] of cases) await expectRefused(payload, message);
    const unknown = await patch({ id: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unrecognized key: "id"');
  });

  it("refuses another client's upload and team, and a file that is not an image", async () => {
    const acmeAdmin = await t.login('admin@acme.test');
    const acmeLogo = await uploadFile(t.app, acmeAdmin, {
      type: 'client-logo',
      objectId: ids.acme,
      host: ACME_HOST,
    });
    await expectRefused({ image_url: acmeLogo }, 'image_url: must be an image uploaded to this app');
    await expectRefused(
      { home_image_url: acmeLogo },
      'home_image_url: must be an image uploaded to this app',
    );
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme });
    const demoTeam = await createTeam(t.ctx.db, { clientId: ids.demo });
    await expectRefused(
      { paused: true, pause_override: [demoTeam.id, acmeTeam.id] },
      'pause_override: every id must be a team of this app',
    );
    const adminRow = await userByEmail(t.ctx.db, 'admin@demo.test');
    const pdf = await createUpload(t.ctx, {
      clientId: ids.demo,
      userId: adminRow!.id,
      contentType: 'application/pdf',
    });
    await expectRefused({ favicon_url: pdf }, 'favicon_url: must be an image');
  });

  it("keeps an unchanged built-in image, and takes the client's own uploads for all three images", async () => {
    const current = (await clientRow(ids.demo)).imageUrl;
    expect(current).toBe('/brand/demo-logo.svg');
    const [logo, home, favicon] = await Promise.all(
      (['client-logo', 'client-home-image', 'favicon'] as const).map((type) =>
        uploadFile(t.app, admin, { type, objectId: ids.demo }),
      ),
    );
    expect((await patch({ image_url: current, name: 'Demo' })).statusCode).toBe(200);
    const res = await patch({ image_url: logo, home_image_url: home, favicon_url: favicon });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      image_url: logo,
      home_image_url: home,
      favicon_url: favicon,
    });
    const icon = await t.app.inject({ url: `/api/favicon/${ids.demo}` });
    expect(icon.headers['content-type']).toBe('image/webp');
  });
});
