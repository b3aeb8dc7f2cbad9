import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, headersFor, uploadFile } from '../../test/factories.ts';
import { PWA_ICONS, type PwaIconName, SHORT_NAME_MAX, shortNameOf } from './pwa.presenter.ts';
import { createPwaIconService } from './pwa.service.ts';

// The built web app holds the demo brands' logos (/brand/*.svg); the tests bring their own copy of such files.
const webDist = mkdtempSync(join(tmpdir(), 'rally-pwa-web-'));
mkdirSync(join(webDist, 'brand'));
// Acme's logo: a navy disc on a transparent square.
writeFileSync(
  join(webDist, 'brand', 'acme-logo.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><circle cx="40" cy="40" r="40" fill="#1E3A8A"/></svg>',
);
writeFileSync(
  join(webDist, 'brand', 'demo-logo.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" rx="18" fill="#007E97"/></svg>',
);

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist });
  ids = await clientIds(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifestOf = async (host: string) => {
  const res = await t.app.inject({ url: '/manifest.webmanifest', headers: { host } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return JSON.parse(res.body) as Record<string, unknown> & { icons: ManifestIcon[] };
};

const get = (url: string, host = DEMO_HOST) => t.app.inject({ url, headers: { host } });

/** The RGBA pixels of a PNG, with its size. */
async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i], data[i + 1], data[i + 2], data[i + 3]];
  };
  return { width: info.width, height: info.height, at };
}

const rgba = (hex: string) => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
  255,
];

const corners = (size: number) => [
  [0, 0],
  [size - 1, 0],
  [0, size - 1],
  [size - 1, size - 1],
];

describe('GET /manifest.webmanifest', () => {
  it("answers each host's own client: name, short name, colours and only its own icons", async () => {
    const demo = await manifestOf(DEMO_HOST);
    const acme = await manifestOf(ACME_HOST);
    expect(demo).toMatchObject({
      id: '/',
      name: 'Demo',
      short_name: 'Demo',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#007E97',
      background_color: '#F8FAFC',
    });
    expect(acme).toMatchObject({
      name: 'Acme',
      short_name: 'Acme',
      theme_color: '#C2410C',
      display: 'standalone',
    });
    for (const [manifest, own, other] of [
      [demo, ids.demo, ids.acme],
      [acme, ids.acme, ids.demo],
    ] as const) {
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose} ${i.type}`)).toEqual([
        '192x192 any image/png',
        '512x512 any image/png',
        '192x192 maskable image/png',
        '512x512 maskable image/png',
      ]);
      for (const icon of manifest.icons) {
        expect(icon.src).toMatch(new RegExp(`^/api/pwa-icons/${own}/[\\w-]+\\.png\\?v=[0-9a-f]{10}$`));
      }
      expect(JSON.stringify(manifest)).not.toContain(other);
    }
  });

  it('follows a change of the client: new name, colour and icon version at once', async () => {
    const before = await manifestOf(ACME_HOST);
    const [row] = await t.ctx.db.select().from(clients).where(eq(clients.id, ids.acme));
    await t.ctx.db
      .update(clients)
      .set({ name: 'Acme Rocket Crew International', config: { ...row!.config, primary_color: '#1D4ED8' } })
      .where(eq(clients.id, ids.acme));
    t.app.invalidateTenants();
    try {
      const after = await manifestOf(ACME_HOST);
      expect(after).toMatchObject({
        name: 'Acme Rocket Crew International',
        short_name: 'Acme Rocket',
        theme_color: '#1D4ED8',
      });
      expect(after.icons[0]!.src).not.toBe(before.icons[0]!.src);
    } finally {
      await t.ctx.db
        .update(clients)
        .set({ name: row!.name, config: row!.config })
        .where(eq(clients.id, ids.acme));
      t.app.invalidateTenants();
    }
  });
});

describe('shortNameOf', () => {
  it('keeps a short name, else whole leading words, else cuts the first word', () => {
    expect(shortNameOf('Acme')).toBe('Acme');
    expect(shortNameOf('  Twelve  Chars ')).toBe('Twelve Chars');
    expect(shortNameOf('Acme Rocket Crew')).toBe('Acme Rocket');
    expect(shortNameOf('Supercalifragilistic Club')).toBe('Supercalifra');
    for (const name of ['Ünïcödé Ümläüts Everywhere', '🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀']) {
      expect(Array.from(shortNameOf(name)).length).toBeLessThanOrEqual(SHORT_NAME_MAX);
    }
  });
});

describe('GET /api/pwa-icons/{clientId}/{icon}', () => {
  it('serves every icon of the manifest as a PNG of its size, cacheable for a year at its versioned address', async () => {
    for (const [host, primary] of [
      [DEMO_HOST, '#007E97'],
      [ACME_HOST, '#C2410C'],
    ] as const) {
      const { icons } = await manifestOf(host);
      for (const icon of icons) {
        const res = await get(icon.src, host);
        expect(res.statusCode, icon.src).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const size = Number(icon.sizes.split('x')[0]);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
        if (icon.purpose === 'maskable') {
          // Opaque to the edge in the client's colour: the platform's mask never shows a see-through corner.
          const pixels = await pixelsOf(res.rawPayload);
          for (const [x, y] of corners(size))
            expect(pixels.at(x!, y!), `${icon.src} at ${x},${y}`).toEqual(rgba(primary));
        }
      }
    }
  });

  it("draws the logo: contained on a transparent square, and inside the maskable icon's safe zone", async () => {
    const { icons } = await manifestOf(ACME_HOST);
    const src = (sizes: string, purpose: string) =>
      icons.find((i) => i.sizes === sizes && i.purpose === purpose)!.src;
    // Acme's logo is a navy disc: the "any" icon is the disc, its corners see-through.
    const any = await pixelsOf((await get(src('512x512', 'any'), ACME_HOST)).rawPayload);
    expect(any.at(256, 256)).toEqual(rgba('#1E3A8A'));
    expect(any.at(2, 2)[3]).toBe(0);
    // Maskable: the disc in the middle, the primary colour all around it, also where the safe zone's circle (80%
    // of the icon) meets the diagonal, so no mask cuts the logo.
    const maskable = await pixelsOf((await get(src('512x512', 'maskable'), ACME_HOST)).rawPayload);
    expect(maskable.at(256, 256)).toEqual(rgba('#1E3A8A'));
    expect(maskable.at(256, Math.round(256 - 0.3 * 512))).toEqual(rgba('#C2410C'));
    expect(maskable.at(40, 256)).toEqual(rgba('#C2410C'));
  });

  it('draws an uploaded logo, read from storage', async () => {
    const admin = await t.login('admin@demo.test');
    const green = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00A000' } })
      .png()
      .toBuffer();
    const logo = await uploadFile(t.app, admin, { type: 'client-logo', objectId: ids.demo, body: green });
    const before = await manifestOf(DEMO_HOST);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/client',
      headers: headersFor(admin),
      payload: { image_url: logo },
    });
    expect(patched.statusCode).toBe(200);
    try {
      const { icons } = await manifestOf(DEMO_HOST);
      expect(icons[0]!.src).not.toBe(before.icons[0]!.src);
      const any = await pixelsOf((await get(icons[1]!.src)).rawPayload);
      // Uploads are stored as lossy WebP: the colour comes back within a few steps.
      for (const [x, y] of [...corners(512), [256, 256]]) {
        const [r, g, b, a] = any.at(x!, y!);
        expect([r! < 8, Math.abs(g! - 160) < 8, b! < 8, a], `at ${x},${y}`).toEqual([true, true, true, 255]);
      }
    } finally {
      await t.ctx.db
        .update(clients)
        .set({ imageUrl: '/brand/demo-logo.svg' })
        .where(eq(clients.id, ids.demo));
      t.app.invalidateTenants();
    }
  });

  it("draws the client's initial on its colour when it has no logo", async () => {
    await t.ctx.db.update(clients).set({ imageUrl: null }).where(eq(clients.id, ids.acme));
    t.app.invalidateTenants();
    try {
      const { icons } = await manifestOf(ACME_HOST);
      for (const icon of icons) {
        const png = (await get(icon.src, ACME_HOST)).rawPayload;
        const size = Number(icon.sizes.split('x')[0]);
        const pixels = await pixelsOf(png);
        let white = 0;
        let primary = 0;
        for (let y = 0; y < size; y += 4) {
          for (let x = 0; x < size; x += 4) {
            const [r, g, b, a] = pixels.at(x, y);
            if (a === 255 && r! > 240 && g! > 240 && b! > 240) white++;
            if (pixels.at(x, y).join() === rgba('#C2410C').join()) primary++;
          }
        }
        // Mostly the colour, and a white letter of some size in the middle.
        expect(primary, icon.src).toBeGreaterThan((size / 4) ** 2 / 2);
        expect(white, icon.src).toBeGreaterThan((size / 4) ** 2 / 50);
      }
    } finally {
      await t.ctx.db
        .update(clients)
        .set({ imageUrl: '/brand/acme-logo.svg' })
        .where(eq(clients.id, ids.acme));
      t.app.invalidateTenants();
    }
  });

  it('answers 400 for a size it does not draw, and 404 for an unknown id or another client', async () => {
    for (const icon of ['300.png', '512.jpg', '512-maskable.webp', 'maskable.png', '192.png.png']) {
      const res = await get(`/api/pwa-icons/${ids.demo}/${icon}`);
      expect(res.statusCode, icon).toBe(400);
    }
    for (const [id, host] of [
      ['0190a0a0-0000-7000-8000-000000000000', DEMO_HOST],
      ['not-an-id', DEMO_HOST],
      [ids.acme, DEMO_HOST],
      [ids.demo, ACME_HOST],
    ] as const) {
      const res = await get(`/api/pwa-icons/${id}/192.png`, host);
      expect(res.statusCode, `${id} on ${host}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves an address of an older version with a short cache only', async () => {
    const res = await get(`/api/pwa-icons/${ids.demo}/192.png?v=0000000000`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('GET /apple-touch-icon.png', () => {
  it("answers the host's client's 180 px icon, opaque in its colour", async () => {
    for (const [host, primary] of [
      [DEMO_HOST, '#007E97'],
      [ACME_HOST, '#C2410C'],
    ] as const) {
      const res = await get('/apple-touch-icon.png', host);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const pixels = await pixelsOf(res.rawPayload);
      expect([pixels.width, pixels.height]).toEqual([180, 180]);
      for (const [x, y] of corners(180)) expect(pixels.at(x!, y!)).toEqual(rgba(primary));
    }
  });
});

describe('the icon cache', () => {
  it('keeps at most its bound of icons, and serves a kept icon without drawing it again', async () => {
    const icons = createPwaIconService(t.ctx, { maxIcons: 3 });
    const bootstrap = async (host: string) =>
      (await t.app.inject({ url: '/api/bootstrap', headers: { host } })).json().client;
    const [demo, acme] = [await bootstrap(DEMO_HOST), await bootstrap(ACME_HOST)];
    const first = await icons.icon(demo, '192.png');
    expect(await icons.icon(demo, '192.png')).toBe(first);
    for (const client of [demo, acme]) {
      for (const name of Object.keys(PWA_ICONS) as PwaIconName[]) {
        await icons.icon(client, name);
        expect(icons.size()).toBeLessThanOrEqual(3);
      }
    }
    expect(icons.size()).toBe(3);
    // The oldest went first: drawn again, it is a new buffer.
    expect(await icons.icon(demo, '192.png')).not.toBe(first);
  });
});
