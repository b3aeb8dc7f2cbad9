import { SSO_FLOW_TTL_MS } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SsoConnectionRow } from './sso.repository.ts';
import { type SamlIdpSettings, type SamlSpSettings, samlSpOf } from './sso.saml.ts';

/** What the sign-in routes of both protocols share: where a member may go after, and how a SAML flow is tied. */

/** Where a member goes after signing in: a path of the app (never another site), else home. */
export function safeReturnPath(to: string | undefined): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || /[\r\n]/.test(to)) return '/';
  return to;
}

/** The redirect answers: to the provider, back into the app, or to /sso saying why not. */
export const redirects = { 302: z.null().describe('Redirect') };

/**
 * The cookie that ties a SAML sign-in to the browser that started it (its value is the RelayState). The provider
 * answers with a cross-site POST, which carries only a SameSite=None cookie, and such a cookie must be Secure
 * (browsers accept Secure cookies from http://localhost, so the local demo works too).
 */
export const SAML_FLOW_COOKIE = 'rally_saml';
export const SAML_FLOW_COOKIE_OPTIONS = {
  path: '/api/sso/saml',
  httpOnly: true,
  sameSite: 'none',
  secure: true,
  maxAge: SSO_FLOW_TTL_MS / 1000,
} as const;

/**
 * The client's SAML provider and the app as its service provider, on the client's configured domain (never the
 * request's Host); null when the client has no SAML single sign-on on, or no domain.
 */
export function samlOf(
  request: FastifyRequest,
  connection: SsoConnectionRow | undefined,
): { idp: SamlIdpSettings; sp: SamlSpSettings } | null {
  const { linkOrigin, isOwnHost } = request.tenant;
  if (!connection?.enabled || connection.protocol !== 'saml' || !connection.samlSsoUrl) return null;
  if (!linkOrigin || !isOwnHost || connection.samlIdpCerts.length === 0) return null;
  return {
    idp: { entityId: connection.issuer, ssoUrl: connection.samlSsoUrl, certs: connection.samlIdpCerts },
    sp: samlSpOf(linkOrigin),
  };
}
