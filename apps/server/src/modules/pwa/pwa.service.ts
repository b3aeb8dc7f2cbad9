import { readFile } from 'node:fs/promises';
import { type Client, getContrastText } from '@rally/shared';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../../lib/html.ts';
import { fileUnder } from '../../lib/paths.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import { brandColor, type IconPurpose, iconVersion, PWA_ICONS, type PwaIconName } from './pwa.presenter.ts';

/** Bounds of the icon cache: five icons per client, for a few dozen clients, a few MB at most. */
const MAX_ICONS = 200;
const MAX_BYTES = 16 * 1024 * 1024;
/** Share of a maskable icon the logo may use: the square inside the safe zone, a circle of 80% of the icon. */
const MASKABLE_LOGO = 0.8 / Math.SQRT2;
/** iOS rounds the corners of its icons only a little: the logo may use more of the square. */
const APPLE_LOGO = 0.72;
/** Decoding bound of a logo (uploads are re-encoded to small images already; this guards anything else). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface PwaIconService {
  /** The PNG of one of the client's icons, drawn once per logo version and kept in a bounded cache. */
  icon(client: Client, name: PwaIconName): Promise<Buffer>;
  /** Icons held in the cache. */
  size(): number;
}

/**
 * Draws the installed app's icons from the client's logo with sharp: an uploaded file (read from storage) or a
 * built-in brand file of the web app. A client without a logo, or whose logo cannot be read, gets its initial
 * on its primary colour. Logos are never fetched from another site.
 */
export function createPwaIconService(
  ctx: AppContext,
  opts: { maxIcons?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): PwaIconService {
  const warn = (err: unknown, clientId: string, what: string) => opts.log?.warn({ err, clientId }, what);
  const cache = new LRUCache<string, Buffer>({
    max: opts.maxIcons ?? MAX_ICONS,
    maxSize: MAX_BYTES,
    sizeCalculation: (png) => Math.max(png.length, 1),
  });
  // Icons being drawn, so that a burst of requests for one draws it once; entries leave when drawn.
  const drawing = new Map<string, Promise<Buffer>>();

  async function draw(client: Client, name: PwaIconName): Promise<Buffer> {
    const { size, purpose } = PWA_ICONS[name];
    const logo = await loadLogo(ctx, client).catch((err: unknown) => {
      warn(err, client.id, 'client logo not readable for app icons');
      return null;
    });
    if (logo) {
      try {
        return await drawLogoIcon(logo, size, purpose, brandColor(client));
      } catch (err) {
        warn(err, client.id, 'client logo not drawable for app icons');
      }
    }
    return drawInitialIcon(client, size, purpose);
  }

  return {
    icon(client, name) {
      const key = `${client.id}:${iconVersion(client)}:${name}`;
      const hit = cache.get(key);
      if (hit) return Promise.resolve(hit);
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw(client, name)
          .then((png) => {
            cache.set(key, png);
            return png;
          })
          .finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return pending;
    },
    size: () => cache.size,
  };
}

/**
 * The two icons of the client's Microsoft Teams app (issue 24): `color` (192 px, the logo on the client's colour,
 * as the maskable PWA icon) and `outline` (32 px, white on transparent: the logo's silhouette when it has
 * transparency, else the client's initial).
 */
export async function drawTeamsIcons(
  ctx: AppContext,
  client: Client,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ color: Buffer; outline: Buffer }> {
  const logo = await loadLogo(ctx, client).catch((err: unknown) => {
    log?.warn({ err, clientId: client.id }, 'client logo not readable for the Teams app');
    return null;
  });
  const color = logo ? await drawLogoIcon(logo, 192, 'maskable', brandColor(client)).catch(() => null) : null;
  const outline = logo ? await drawSilhouette(logo, 32).catch(() => null) : null;
  return {
    color: color ?? (await drawInitialIcon(client, 192, 'maskable')),
    outline: outline ?? (await drawInitialOutline(client, 32)),
  };
}

/** White where the logo is drawn, transparent elsewhere; null for a logo without transparency (a white square). */
async function drawSilhouette(logo: Buffer, size: number): Promise<Buffer | null> {
  const box = Math.round(size * 0.8);
  const fitted = await fitLogo(logo, box);
  const { data, info } = await sharp(fitted)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let clear = 0;
  for (const alpha of data) if (alpha < 16) clear++;
  // A logo that covers its whole box (a photo, a JPEG) has no silhouette worth drawing.
  if (clear < data.length * 0.05) return null;
  const mask = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
  const white = await sharp({ create: { width: box, height: box, channels: 3, background: '#FFFFFF' } })
    .joinChannel(mask)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: transparent } })
    .composite([{ input: white, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** The client's initial in white on transparent. */
function drawInitialOutline(client: Client, size: number): Promise<Buffer> {
  const initial = Array.from(client.name.trim())[0]?.toUpperCase() ?? 'R';
  const fontSize = Math.round(size * 0.7);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<text x="${size / 2}" y="${Math.round(size / 2 + fontSize * 0.36)}" text-anchor="middle" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" ` +
    `font-size="${fontSize}" fill="#FFFFFF">${escapeHtml(initial)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The bytes of the client's logo, or null when it has none this server can read. */
async function loadLogo(ctx: AppContext, client: Client): Promise<Buffer | null> {
  const url = client.image_url;
  if (!url) return null;
  if (url.startsWith('/api/files/')) {
    const upload = await findClientUpload(ctx, client.id, url);
    return upload?.contentType.startsWith('image/') ? ctx.storage.get(upload.key) : null;
  }
  // A file of the built web app, such as the demo brands' /brand/*.svg; never a path outside it.
  if (url.startsWith('/') && !url.startsWith('//')) {
    const file = fileUnder(ctx.config.webDist, decodeURIComponent(url.split(/[?#]/)[0]!));
    return file ? readFile(file).catch(() => null) : null;
  }
  return null;
}

const transparent = { r: 0, g: 0, b: 0, alpha: 0 };

/** The logo scaled into a box × box square (an SVG is rendered at that size, not scaled up from its own). */
async function fitLogo(logo: Buffer, box: number): Promise<Buffer> {
  const meta = await sharp(logo, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const longest = Math.max(meta.width ?? box, meta.height ?? box);
  const density = meta.format === 'svg' ? Math.min(Math.max((72 * box) / longest, 1), 10_000) : undefined;
  return sharp(logo, { density, limitInputPixels: MAX_INPUT_PIXELS })
    .resize(box, box, { fit: 'contain', background: transparent })
    .png()
    .toBuffer();
}

async function drawLogoIcon(logo: Buffer, size: number, purpose: IconPurpose, color: string) {
  if (purpose === 'any') return fitLogo(logo, size);
  const box = Math.round(size * (purpose === 'maskable' ? MASKABLE_LOGO : APPLE_LOGO));
  return sharp({ create: { width: size, height: size, channels: 4, background: color } })
    .composite([{ input: await fitLogo(logo, box), gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** The first letter of the client's name on its colour; the "any" icon gets rounded corners. */
function drawInitialIcon(client: Client, size: number, purpose: IconPurpose): Promise<Buffer> {
  const color = brandColor(client);
  const initial = Array.from(client.name.trim())[0]?.toUpperCase() ?? 'R';
  // Within the safe zone of a maskable icon, and centred on the cap height.
  const fontSize = Math.round(size * 0.42);
  const radius = purpose === 'any' ? Math.round(size * 0.18) : 0;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${color}"/>` +
    `<text x="${size / 2}" y="${Math.round(size / 2 + fontSize * 0.36)}" text-anchor="middle" ` +
    `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" ` +
    `font-size="${fontSize}" fill="${getContrastText(color)}">${escapeHtml(initial)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
