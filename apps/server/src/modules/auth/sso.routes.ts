import { randomBytes } from 'node:crypto';
import {
  ErrorResponseSchema,
  SSO_FLOW_TTL_MS,
  SsoDiscoverRequestSchema,
  SsoDiscoverResponseSchema,
  type SsoError,
  SsoStartQuerySchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound, tooManyRequests } from '../../lib/errors.ts';
import { linkOriginOf } from '../../lib/origins.ts';
import { hashToken } from '../../lib/secrets.ts';
import { findClientWithLinkHost } from '../clients/clients.repository.ts';
import { SsoSignInError, signInWithSso } from './commands/sign-in-with-sso.ts';
import { startSession } from './sessions.ts';
import { oidcIdentity } from './sso.identity.ts';
import { finishAuthorization, type ProviderSettings, startAuthorization } from './sso.oidc.ts';
import {
  findSsoClientsForDomain,
  getSsoConnection,
  insertSsoFlow,
  type SsoConnectionRow,
  takeSsoFlow,
} from './sso.repository.ts';
import { startSamlAuthorization } from './sso.saml.ts';
import { redirects, SAML_FLOW_COOKIE, SAML_FLOW_COOKIE_OPTIONS, safeReturnPath, samlOf } from './sso-flow.ts';

/** Sign-ins one address may start per window: each one stores a flow and asks the provider. */
const START_LIMIT = { max: 30, windowMs: 10 * 60_000 };
/**
 * The cookie that ties a sign-in to the browser that started it: the callback refuses an answer whose state this
 * browser did not start (another person's answer pushed into someone's browser would sign them in as that person).
 */
const FLOW_COOKIE = 'rally_sso';

/** Work emails one address may look up per window (each says whether a domain has a company sign-in). */
const DISCOVER_LIMIT = { max: 20, windowMs: 10 * 60_000 };

/**
 * Single sign-on through the client's OpenID Connect provider (issue 24). GET /api/sso/start sends the browser to
 * the provider with state, nonce and PKCE; the provider sends it back to GET /api/sso/callback on the client's own
 * domain, which checks the answer, signs the member in (the session cookie a password login sets) and goes on to
 * where they were going. Every failure lands on /sso?error={reason}, which says it in words; nothing is created.
 */
export async function ssoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const fail = (reply: FastifyReply, reason: SsoError) => reply.redirect(`/sso?error=${reason}`, 302);

  /**
   * The client's OpenID Connect provider, its secret opened; null when the client has no single sign-on on through
   * OpenID Connect, or no domain.
   */
  function providerOf(request: FastifyRequest, connection: SsoConnectionRow | undefined) {
    const { linkOrigin, isOwnHost } = request.tenant;
    if (!connection?.enabled || connection.protocol !== 'oidc' || !connection.oidcClientId) return null;
    if (!linkOrigin || !isOwnHost) return null;
    const settings: ProviderSettings = {
      issuer: connection.issuer,
      clientId: connection.oidcClientId,
      clientSecret: connection.clientSecret ? ctx.secrets.open(connection.clientSecret) : null,
      version: String(connection.updatedAt.getTime()),
    };
    // The callback on the client's configured domain, never on the request's Host.
    return { settings, redirectUri: `${linkOrigin}/api/sso/callback` };
  }

  /** Sends the browser to the client's SAML provider with an AuthnRequest; RelayState ties the answer to it. */
  async function startSaml(request: FastifyRequest, reply: FastifyReply, connection: SsoConnectionRow) {
    const saml = samlOf(request, connection);
    if (!saml) return fail(reply, 'not_configured');
    const state = randomBytes(32).toString('base64url');
    let started: { url: string; requestId: string };
    try {
      started = await startSamlAuthorization(saml.idp, saml.sp, state);
    } catch (error) {
      request.log.warn({ err: error, idp: connection.issuer }, 'single sign-on: the SAML request failed');
      return fail(reply, 'failed');
    }
    await insertSsoFlow(ctx.db, {
      clientId: request.tenant.id,
      stateHash: hashToken(state),
      nonce: started.requestId,
      codeVerifier: '',
      returnTo: safeReturnPath((request.query as { to?: string }).to),
      expiresAt: new Date(Date.now() + SSO_FLOW_TTL_MS),
    });
    reply.setCookie(SAML_FLOW_COOKIE, state, SAML_FLOW_COOKIE_OPTIONS);
    return reply.redirect(started.url, 302);
  }

  r.get(
    '/api/sso/start',
    { schema: { tags: ['auth'], querystring: SsoStartQuerySchema, response: redirects } },
    async (request, reply) => {
      if ((await ctx.limiter.hit(`sso:start:${request.ip}`, START_LIMIT.windowMs)) > START_LIMIT.max)
        return fail(reply, 'refused');
      const connection = await getSsoConnection(ctx.db, { clientId: request.tenant.id });
      if (connection?.protocol === 'saml') return startSaml(request, reply, connection);
      const provider = providerOf(request, connection);
      if (!connection || !provider) return fail(reply, 'not_configured');
      let started: Awaited<ReturnType<typeof startAuthorization>>;
      try {
        started = await startAuthorization(provider.settings, {
          redirectUri: provider.redirectUri,
          scope: connection.scopes,
          loginHint: request.query.login_hint,
        });
      } catch (error) {
        request.log.warn(
          { err: error, issuer: connection.issuer },
          'single sign-on: the provider could not be reached',
        );
        return fail(reply, 'failed');
      }
      await insertSsoFlow(ctx.db, {
        clientId: request.tenant.id,
        stateHash: hashToken(started.state),
        nonce: started.nonce,
        codeVerifier: started.codeVerifier,
        returnTo: safeReturnPath(request.query.to),
        expiresAt: new Date(Date.now() + SSO_FLOW_TTL_MS),
      });
      reply.setCookie(FLOW_COOKIE, started.state, {
        path: '/api/sso',
        httpOnly: true,
        // Lax: sent on the provider's top-level redirect back, never on another site's requests.
        sameSite: 'lax',
        secure: request.protocol === 'https' || ctx.config.publicUrl.scheme === 'https',
        maxAge: SSO_FLOW_TTL_MS / 1000,
      });
      return reply.redirect(started.url.href, 302);
    },
  );

  r.post(
    '/api/sso/discover',
    {
      schema: {
        tags: ['auth'],
        body: SsoDiscoverRequestSchema,
        response: {
          200: SsoDiscoverResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      if ((await ctx.limiter.hit(`sso:discover:${request.ip}`, DISCOVER_LIMIT.windowMs)) > DISCOVER_LIMIT.max)
        throw tooManyRequests('Too many requests. Try again later.', DISCOVER_LIMIT.windowMs / 1000);
      const domain = request.body.email.split('@').pop()!;
      const found = await findSsoClientsForDomain(ctx.db, { domain });
      const client =
        found.length === 1 ? await findClientWithLinkHost(ctx.db, { clientId: found[0]! }) : undefined;
      // On the client's own configured domain, never the request's Host.
      const origin = client ? linkOriginOf(client.linkHost, ctx.config.publicUrl) : null;
      if (!origin) throw notFound(`No company sign-in is set up for ${domain}`);
      const query = new URLSearchParams({
        login_hint: request.body.email,
        to: safeReturnPath(request.body.to),
      });
      return { url: `${origin}/api/sso/start?${query}` };
    },
  );

  r.get(
    '/api/sso/callback',
    {
      schema: {
        tags: ['auth'],
        querystring: z.object({ state: z.string().max(500).optional() }).catchall(z.string().max(20_000)),
        response: redirects,
      },
    },
    async (request, reply) => {
      const { state } = request.query;
      // Only the browser that started this sign-in may finish it (its cookie holds the state).
      if (!state || request.cookies[FLOW_COOKIE] !== state) return fail(reply, 'expired');
      reply.clearCookie(FLOW_COOKIE, { path: '/api/sso' });
      const flow = await takeSsoFlow(ctx.db, { clientId: request.tenant.id, stateHash: hashToken(state) });
      // Unknown, used before, or run out: a replayed or forged answer lands here too.
      if (!flow) return fail(reply, 'expired');
      const connection = await getSsoConnection(ctx.db, { clientId: request.tenant.id });
      const provider = providerOf(request, connection);
      if (!connection || !provider) return fail(reply, 'not_configured');
      if (typeof request.query.error === 'string') return fail(reply, 'refused');
      // The answer's parameters, on the callback address the provider was given.
      const callbackUrl = new URL(provider.redirectUri);
      callbackUrl.search = request.url.split('?')[1] ?? '';
      let claims: Record<string, unknown>;
      try {
        claims = await finishAuthorization(provider.settings, {
          callbackUrl,
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (error) {
        // Tampered, expired or replayed, wrong audience or nonce, or the provider's token call failed.
        request.log.warn({ err: error }, 'single sign-on: the provider answer was refused');
        return fail(reply, 'failed');
      }
      let user: { id: string; clientId: string };
      try {
        user = await signInWithSso(ctx, connection, oidcIdentity(claims, connection.claims));
      } catch (error) {
        if (error instanceof SsoSignInError) return fail(reply, error.reason);
        throw error;
      }
      await startSession(ctx.db, ctx.config, request, reply, user);
      return reply.redirect(flow.returnTo, 302);
    },
  );
}
