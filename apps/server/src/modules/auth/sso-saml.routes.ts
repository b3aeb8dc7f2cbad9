import type { SsoError } from '@rally/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { SsoSignInError, signInWithSso } from './commands/sign-in-with-sso.ts';
import { startSession } from './sessions.ts';
import { samlIdentity } from './sso.identity.ts';
import { getSsoConnection, takeSsoFlow } from './sso.repository.ts';
import { finishSamlAuthorization, samlSpOf, serviceProviderMetadata } from './sso.saml.ts';
import { SAML_FLOW_COOKIE, SAML_FLOW_COOKIE_OPTIONS, samlOf } from './sso-flow.ts';

/** A SAML answer is a few KB (a large groups list, some tens): the form is read up to this much. */
const ACS_BODY_LIMIT = 512 * 1024;

/**
 * The app as a SAML 2.0 service provider (issue 24), on the client's own domain: its metadata for the identity
 * provider (GET /api/sso/saml/metadata, public, as providers fetch it), and the assertion consumer service the
 * provider posts its answer to (POST /api/sso/saml/acs). The sign-in starts at GET /api/sso/start, as for OpenID
 * Connect. Every refused answer lands on /sso?error={reason} with nothing created.
 */
export async function samlRoutes(app: FastifyInstance, ctx: AppContext) {
  // The provider's HTML form posts url-encoded fields (this scope only; the API takes JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  // After a POST the browser must GET where it is sent (303 See Other).
  const fail = (reply: FastifyReply, reason: SsoError) => reply.redirect(`/sso?error=${reason}`, 303);

  r.get(
    '/api/sso/saml/metadata',
    {
      schema: {
        tags: ['auth'],
        response: { 200: z.string().describe('SAML 2.0 service provider metadata (XML)'), 404: z.unknown() },
      },
    },
    async (request, reply) => {
      const { linkOrigin, isOwnHost } = request.tenant;
      // On the client's configured domain only: the entity ID and ACS must never come from a request's Host.
      if (!linkOrigin || !isOwnHost) throw notFound('This app has no address of its own for single sign-on');
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(serviceProviderMetadata(samlSpOf(linkOrigin)));
    },
  );

  r.post(
    '/api/sso/saml/acs',
    {
      bodyLimit: ACS_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        body: z.record(z.string(), z.string()),
        response: { 303: z.null().describe('Redirect') },
      },
    },
    async (request, reply) => {
      const samlResponse = request.body.SAMLResponse;
      const relayState = request.body.RelayState;
      // Only the browser that started this sign-in may finish it (its cookie holds the RelayState): an unsolicited
      // answer (started at the provider) or one pushed into someone else's browser lands here.
      if (!samlResponse || !relayState || request.cookies[SAML_FLOW_COOKIE] !== relayState)
        return fail(reply, 'expired');
      reply.clearCookie(SAML_FLOW_COOKIE, SAML_FLOW_COOKIE_OPTIONS);
      const flow = await takeSsoFlow(ctx.db, {
        clientId: request.tenant.id,
        stateHash: hashToken(relayState),
      });
      // Unknown, used before (a replayed answer), or run out.
      if (!flow) return fail(reply, 'expired');
      const connection = await getSsoConnection(ctx.db, { clientId: request.tenant.id });
      const saml = samlOf(request, connection);
      if (!connection || !saml) return fail(reply, 'not_configured');
      let assertion: Awaited<ReturnType<typeof finishSamlAuthorization>>;
      try {
        assertion = await finishSamlAuthorization(saml.idp, saml.sp, {
          samlResponse,
          relayState,
          requestId: flow.nonce,
          requestedAt: flow.createdAt,
        });
      } catch (error) {
        // Tampered, unsigned or signed by another key, expired, for another audience or address, not an answer
        // to this request, or the provider said no.
        request.log.warn({ err: error }, 'single sign-on: the SAML answer was refused');
        return fail(reply, 'failed');
      }
      let user: { id: string; clientId: string };
      try {
        user = await signInWithSso(ctx, connection, samlIdentity(assertion, connection.claims));
      } catch (error) {
        if (error instanceof SsoSignInError) return fail(reply, error.reason);
        throw error;
      }
      await startSession(ctx.db, ctx.config, request, reply, user);
      return reply.redirect(flow.returnTo, 303);
    },
  );
}
