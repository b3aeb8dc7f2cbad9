import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { getBrandTextColor, SESSION_COOKIE, SESSION_HINT_META, TEAMS_HOST_ORIGINS_META } from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../../lib/html.ts';
import { fileUnder } from '../../lib/paths.ts';
import { loadUser } from '../../plugins/app/auth.ts';
import { requireCommunity } from '../posts/posts.access.ts';
import type { SessionUserRow } from '../users/users.repository.ts';
import { BOOT_SCRIPT, renderAppFrame } from './app-frame.ts';

// JSON inside <script> must not be able to close the tag.
const safeJson = (s: string) => s.replace(/</g, '\\u003c');

/** The head injected into index.html per client, so its brand applies before the shell paints. */
export function renderHead(
  request: FastifyRequest,
  contrast: (hex: string) => string,
  session: 'page' | 'me' | null = null,
): string {
  const { client, id, bootstrapJson, faviconVersion } = request.tenant;
  const { primary_color: primary, secondary_color: secondary } = client.config;
  return [
    `<title>${escapeHtml(client.name)}</title>`,
    `<link rel="icon" href="/api/favicon/${id}?v=${faviconVersion}">`,
    `<meta name="theme-color" content="${primary}">`,
    `<style id="rally-theme">:root{--color-primary:${primary};--color-secondary:${secondary};--color-primary-contrast:${contrast(primary)};--color-secondary-contrast:${contrast(secondary)};--color-primary-text:${getBrandTextColor(primary)};--color-secondary-text:${getBrandTextColor(secondary)}}</style>`,
    `<script id="rally-bootstrap" type="application/json">${safeJson(bootstrapJson)}</script>`,
    // Before the boot script, which reads it.
    session ? `<meta name="${SESSION_HINT_META}" content="${session}">` : '',
    `<script>${BOOT_SCRIPT}</script>`,
  ].join('');
}

/** Whether the boot script may ask for the page's data (PREFETCH_BY_PAGE) for this viewer: else only the session. */
function mayReadPageData(request: FastifyRequest, user: SessionUserRow, path: string): boolean {
  if (user.role === 'APPLICANT') return false;
  if (path === '/community/feed') {
    try {
      requireCommunity(request, 'feed');
    } catch {
      return false;
    }
  }
  return true;
}

/** Path → the route's JavaScript files beyond the entry (written by apps/web/scripts/route-preloads.mjs). */
type RoutePreloads = Record<string, string[]>;

function readRoutePreloads(file: string): RoutePreloads {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as RoutePreloads) : {};
  } catch {
    // An older build without the list: pages still load, their chunks only start later.
    return {};
  }
}

/** `<link rel="modulepreload">` for the chunks the page at `path` loads first, so they download beside the entry. */
export function modulePreloads(preloads: RoutePreloads, path: string): string {
  const files = preloads[path.length > 1 ? path.replace(/\/+$/, '') : path];
  if (!Array.isArray(files)) return '';
  return files
    .filter((file) => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * Serves the built web app: files of dist (hashed assets cached for a year) and index.html, branded per host,
 * for every app route. Both are looked up per request, so a rebuild of the web app needs no restart.
 * Files go out as the best copy the browser accepts among those the build wrote beside them (`file.br`, then
 * `file.gz`, apps/web/scripts/compress.mjs), else as they are; nothing here is compressed per request.
 */
export async function webRoutes(app: FastifyInstance, ctx: AppContext, contrast: (hex: string) => string) {
  const root = ctx.config.webDist;
  const indexPath = join(root, 'index.html');
  let template: { mtimeMs: number; html: string; preloads: RoutePreloads } | null = null;
  const readTemplate = () => {
    const stat = statSync(indexPath, { throwIfNoEntry: false });
    if (!stat) return null;
    if (template?.mtimeMs !== stat.mtimeMs)
      template = {
        mtimeMs: stat.mtimeMs,
        html: readFileSync(indexPath, 'utf8'),
        preloads: readRoutePreloads(join(root, '.vite/route-preloads.json')),
      };
    return template;
  };
  if (!readTemplate()) app.log.warn(`web app not built (${indexPath} missing): run npm run build`);
  // The Teams tab and its sign-in pop-up tell teams-js which further hosts may talk to them (TEAMS_HOST_ORIGINS).
  const teamsOrigins = escapeHtml(ctx.config.teamsHostOrigins.join(','));
  const teamsHostMeta = (path: string) =>
    teamsOrigins && path.startsWith('/integrations/teams')
      ? `<meta name="${TEAMS_HOST_ORIGINS_META}" content="${teamsOrigins}">`
      : '';
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  // Not compressed on the fly: a file without a precompressed copy is small or already compressed (images,
  // fonts), and index.html is a few KB, inside the first round trip either way.
  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!);
    } catch {
      return reply.status(400).send({ message: 'The address is not valid' });
    }
    // An API address nobody serves is a JSON 404, never the app's page (a SCIM client reads /scim/v2/…).
    if (path.startsWith('/api/') || path.startsWith('/scim/'))
      return reply.status(404).send({ message: `No route GET ${path}` });
    const file = path === '/' ? null : fileUnder(root, path);
    if (file && statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = path.startsWith('/assets/');
      return reply.sendFile(path.slice(1), { immutable, maxAge: immutable ? 31_536_000_000 : 3_600_000 });
    }
    if (path.startsWith('/assets/')) return reply.status(404).send({ message: `No file ${path}` });
    const page = readTemplate();
    if (!page) return reply.status(503).send({ message: 'The web app is not built yet: run npm run build' });
    // A session cookie of this client (a bearer token lives in the page's storage, which the boot script reads).
    const user = request.cookies[SESSION_COOKIE] ? await loadUser(ctx, request) : null;
    const session = user ? (mayReadPageData(request, user, path) ? 'page' : 'me') : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return page.html
      .replace(
        '<!--rally-head-->',
        renderHead(request, contrast, session) + modulePreloads(page.preloads, path) + teamsHostMeta(path),
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root">${renderAppFrame(request.tenant.client, path)}</div>`,
      );
  });
}
