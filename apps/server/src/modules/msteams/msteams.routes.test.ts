import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, headersFor } from '../../test/factories.ts';
import { packageVersion, TEAMS_MANIFEST_SCHEMA, teamsOriginProblem } from './msteams.presenter.ts';

/**
 * The client's Microsoft Teams app package (issue 24): a zip of the manifest and two icons, for its own client,
 * ADMIN only.
 */
let t: TestApp;
let ids: { demo: string; acme: string };
let tokens: { admin: string; member: string; lead: string; acmeAdmin: string };

beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  tokens = {
    admin: await t.login('admin@demo.test'),
    member: await t.login('member@demo.test'),
    lead: await t.login('lead@demo.test'),
    acmeAdmin: await t.login('admin@acme.test', ACME_HOST),
  };
});
afterAll(() => t.close());

const download = (token: string, host = DEMO_HOST) =>
  t.app.inject({ method: 'GET', url: '/api/admin/msteams/package', headers: headersFor(token, host) });

async function unzip(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
  const color = await zip.file('color.png')!.async('nodebuffer');
  const outline = await zip.file('outline.png')!.async('nodebuffer');
  return { files: Object.keys(zip.files).sort(), manifest, color, outline };
}

describe('GET /api/admin/msteams/package', () => {
  it('answers 401 without a session and 403 to a member and a lead', async () => {
    await expectSessionRequired(t, { method: 'GET', url: '/api/admin/msteams/package' });
    for (const token of [tokens.member, tokens.lead]) {
      const res = await download(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You are not allowed to download the Microsoft Teams app');
    }
  });

  it("zips the client's manifest (its name, colour and own address) with a 192 px colour and a 32 px white outline icon", async () => {
    const res = await download(tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="demo-teams-app.zip"');
    const { files, manifest, color, outline } = await unzip(res.rawPayload);
    expect(files).toEqual(['color.png', 'manifest.json', 'outline.png']);
    expect(manifest).toMatchObject({
      $schema: TEAMS_MANIFEST_SCHEMA,
      id: ids.demo,
      name: { short: 'Demo', full: 'Demo' },
      icons: { color: 'color.png', outline: 'outline.png' },
      permissions: ['identity'],
      validDomains: ['localhost'],
      staticTabs: [
        {
          entityId: 'home',
          contentUrl: 'http://localhost:3000/integrations/teams?context=tab',
          scopes: ['personal'],
        },
      ],
    });
    expect(manifest.accentColor).toMatch(/^#[0-9A-F]{6}$/);
    expect(manifest.version).toMatch(/^1\.[1-9]\d{7}\.\d+$/);

    expect(await sharp(color).metadata()).toMatchObject({ width: 192, height: 192, format: 'png' });
    const meta = await sharp(outline).metadata();
    expect(meta).toMatchObject({ width: 32, height: 32, format: 'png', hasAlpha: true });
    // White where drawn, transparent elsewhere: no pixel of any other colour shows.
    const { data } = await sharp(outline).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let drawn = 0;
    let clear = 0;
    for (let i = 0; i < data.length; i += 4) {
      const alpha = data[i + 3]!;
      if (alpha === 0) clear++;
      else {
        drawn++;
        if (alpha > 200) expect([data[i], data[i + 1], data[i + 2]]).toEqual([255, 255, 255]);
      }
    }
    expect(drawn).toBeGreaterThan(20);
    expect(clear).toBeGreaterThan(200);
  });

  it("gives another client's admin that client's own app", async () => {
    const res = await download(tokens.acmeAdmin, ACME_HOST);
    expect(res.statusCode, res.body).toBe(200);
    const { manifest } = await unzip(res.rawPayload);
    expect(manifest.id).toBe(ids.acme);
    expect(manifest.name.short).toBe('Acme');
    expect(manifest.validDomains).toEqual(['127.0.0.1']);
    // A Demo admin's session on Acme's host is no session there.
    expect((await download(tokens.admin, ACME_HOST)).statusCode).toBe(401);
  });
});

describe('packageVersion', () => {
  it('grows with time and has no leading zeros', () => {
    expect(packageVersion(new Date('2026-12-07T09:05:03Z'))).toBe('1.20261207.90503');
    expect(packageVersion(new Date('2026-12-07T00:00:00Z'))).toBe('1.20261207.0');
    expect(packageVersion(new Date('2027-01-01T00:00:01Z'))).toBe('1.20270101.1');
  });
});

describe('teamsOriginProblem', () => {
  it('lets https and this machine through, and names a plain http address elsewhere', () => {
    expect(teamsOriginProblem('https://acme.example.com')).toBeNull();
    expect(teamsOriginProblem('http://localhost:3000')).toBeNull();
    expect(teamsOriginProblem('http://127.0.0.1:3000')).toBeNull();
    expect(teamsOriginProblem('http://acme.example.com')).toBe(
      'Microsoft Teams opens only https addresses: serve http://acme.example.com over https first',
    );
  });
});
