import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { forbidden } from '../../lib/errors.ts';
import { isLoopbackHost } from '../../lib/loopback.ts';
import { BOOT_SCRIPT_CSP_SOURCE } from '../../modules/web/app-frame.ts';

/**
 * Content Security Policy of the app's pages: nothing inline but styles and the one boot script (allowed by its
 * hash), nothing from elsewhere but media.
 */
export const CSP = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// Computed once: setting a fixed header object is far cheaper than a header plugin per request.
const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
};

/**
 * Microsoft's hosts of Teams apps (Teams on the web and desktop, Microsoft 365 and Outlook), which frame the app as
 * the client's Teams personal tab (issue 24).
 */
export const TEAMS_FRAME_ANCESTORS: readonly string[] = [
  'https://*.cloud.microsoft',
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office.com',
  'https://outlook.office365.com',
];

/**
 * Headers of the app's pages: Teams may frame every one of them, since the tab navigates inside the app and a reload
 * in Teams lands on whatever route it shows (frame-ancestors replaces X-Frame-Options, which cannot list origins).
 * API answers stay unframable.
 */
export function pageHeaders(extraHostOrigins: readonly string[] = []): Record<string, string> {
  const ancestors = ["'self'", ...TEAMS_FRAME_ANCESTORS, ...extraHostOrigins].join(' ');
  const { 'x-frame-options': _, ...rest } = HEADERS;
  return {
    ...rest,
    'content-security-policy': CSP.replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`),
  };
}

/** Answers outside the app's pages: the API, SCIM and the demo's own tools. */
const isApiPath = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/scim/') || url.startsWith('/dev/');
/**
 * Pages the Teams host opens as its sign-in pop-up, and the single sign-on steps on the way back to them (the demo's
 * provider among them): the pop-up reports to the Teams window that opened it (window.opener), which any page with
 * COOP same-origin on the way would cut off.
 */
const keepsOpener = (url: string) =>
  /^\/integrations\/teams(?:[/?]|$)/.test(url) || url.startsWith('/api/sso/') || url.startsWith('/dev/idp');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Writes that come from another site by design, each checked by its route (issue 24: the SAML ACS). */
const CROSS_SITE_POSTS = new Set(['/api/sso/saml/acs']);

/**
 * Security headers on every answer, and CSRF protection: a write authenticated by the session cookie
 * must come from a page of the same origin (Origin header, or Referer when Origin is absent).
 * Bearer-token writes cannot be forged by another site and pass.
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Pick<AppConfig, 'trustProxy' | 'publicUrl'> & Partial<Pick<AppConfig, 'teamsHostOrigins'>>,
) {
  let isWarned = config.trustProxy || config.publicUrl.scheme === 'https';
  const PAGE_HEADERS = pageHeaders(config.teamsHostOrigins);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(isApiPath(request.url) ? HEADERS : PAGE_HEADERS);
    if (keepsOpener(request.url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
    if (SAFE_METHODS.has(request.method)) return;
    // Checked on writes only (a login among them, where the cookie is set), to keep reads lean.
    if (!isWarned && request.protocol === 'http' && !isLoopbackHost(request.hostname)) {
      // Behind a TLS proxy without TRUST_PROXY every request looks like plain http: cookies lose Secure.
      isWarned = true;
      request.log.warn(
        `Serving ${request.hostname} over plain HTTP without TRUST_PROXY: session cookies are not marked Secure. ` +
          'Behind a TLS proxy set TRUST_PROXY=1 (and PUBLIC_SCHEME=https).',
      );
    }
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    // A SAML provider answers by a cross-site form POST by design: the signed answer and the flow cookie it must
    // match (RelayState) stand in for the origin there.
    if (CROSS_SITE_POSTS.has(request.url.split('?')[0]!)) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) {
      if (request.headers.cookie?.includes('rally='))
        throw forbidden('Cross-site request refused: missing Origin');
      return;
    }
    let host: string;
    try {
      host = new URL(source).host;
    } catch {
      throw forbidden('Cross-site request refused: invalid Origin');
    }
    if (host !== request.host) throw forbidden('Cross-site request refused');
  });
}
