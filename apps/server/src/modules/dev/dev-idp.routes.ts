import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isLoopbackConnection } from '../../lib/loopback.ts';

/** Where the demo's identity provider answers; its issuer is this path on the demo's own origin. */
export const DEV_IDP_PATH = '/dev/idp';
/** The demo client's OpenID Connect client at the demo provider: public, PKCE only (no secret to seal in a seed). */
export const DEV_IDP_CLIENT_ID = 'rally-demo';

/** The people the demo provider knows, with the groups the demo's rules map (sales → the Sales team). */
export const DEV_IDP_PEOPLE = [
  {
    sub: 'demo-nia',
    email: 'nia.okafor@demo.test',
    email_verified: true,
    given_name: 'Nia',
    family_name: 'Okafor',
    groups: ['sales'],
    note: 'New to Demo: gets an account on first sign-in, in the Sales team',
  },
  {
    sub: 'demo-maya',
    email: 'member@demo.test',
    email_verified: true,
    given_name: 'Maya',
    family_name: 'Member',
    groups: [],
    note: 'Already a member: her account is linked by her verified email',
  },
] as const;

/** The demo provider's issuer on an origin (the demo client's links' origin). */
export const devIdpIssuer = (origin: string) => `${origin}${DEV_IDP_PATH}`;

/**
 * The configuration of an OpenID Connect provider that signs people in with their email, names and groups in the ID
 * token, requires PKCE, has its own signing key and asks nothing itself (`interactionsPath` is where the one client's
 * app — here the demo page, in tests a stand-in — picks who signs in). Shared by the demo provider and the tests'.
 */
export function providerConfiguration(input: {
  client: ClientMetadata;
  interactionsPath: string;
  findAccount: Configuration['findAccount'];
}): Configuration {
  return {
    clients: [{ grant_types: ['authorization_code'], response_types: ['code'], ...input.client }],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${input.interactionsPath}/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'signing',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    findAccount: input.findAccount,
  };
}

/** The demo provider, made on first use: most servers (and every API test) never sign anyone in through it. */
async function createProvider(origin: string): Promise<Provider> {
  const { default: OidcProvider } = await import('oidc-provider');
  return new OidcProvider(
    devIdpIssuer(origin),
    providerConfiguration({
      client: {
        client_id: DEV_IDP_CLIENT_ID,
        redirect_uris: [`${origin}/api/sso/callback`],
        token_endpoint_auth_method: 'none',
      },
      interactionsPath: `${DEV_IDP_PATH}/interaction`,
      async findAccount(_ctx, sub) {
        const person = DEV_IDP_PEOPLE.find((p) => p.sub === sub);
        if (!person) return undefined;
        const { note: _note, ...claims } = person;
        return { accountId: sub, claims: async () => ({ ...claims, groups: [...claims.groups] }) };
      },
    }),
  );
}

/**
 * A real OpenID Connect provider (oidc-provider) inside the demo server at /dev/idp (issue 24), so `/sso` on a fresh
 * `npm start` signs a person in end to end: the demo client's single sign-on points at it. Like /dev/mailbox it is
 * registered only in demo mode and answers only connections from this machine. Its sign-in page lists the demo
 * people to choose from; nothing is asked for a password.
 */
export async function devIdpRoutes(app: FastifyInstance, _ctx: AppContext, origin: string) {
  let started: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | null = null;
  const providerOf = () => {
    started ??= createProvider(origin).then((provider) => ({ provider, handle: provider.callback() }));
    return started;
  };
  // The sign-in page's form: its one field, read as text (this scope only; the API takes JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const refuseRemote = (request: FastifyRequest, reply: FastifyReply) => {
    if (isLoopbackConnection(request)) return false;
    void reply.status(404).send({ message: 'The demo identity provider only answers on this machine' });
    return true;
  };

  /** The provider's own endpoints (discovery, authorize, token, keys, user info), the body left for it to read. */
  app.route({
    method: ['GET', 'POST'],
    url: `${DEV_IDP_PATH}/*`,
    schema: { hide: true },
    onRequest: (request, reply, done) => {
      if (request.url.startsWith(`${DEV_IDP_PATH}/interaction/`)) return done();
      if (refuseRemote(request, reply)) return;
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      req.originalUrl = req.url;
      req.url = req.url!.slice(DEV_IDP_PATH.length) || '/';
      // Its addresses are built on the demo's configured origin, never on the request's Host.
      req.headers.host = new URL(origin).host;
      void providerOf().then(({ handle }) => handle(req, reply.raw as ServerResponse));
    },
    handler: async () => undefined,
  });

  /** The sign-in page: which demo person signs in. */
  app.get<{ Params: { uid: string } }>(
    `${DEV_IDP_PATH}/interaction/:uid`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (refuseRemote(request, reply)) return reply;
      const { provider } = await providerOf();
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name !== 'login') return finish(request, reply, details.session?.accountId ?? '');
      const people = DEV_IDP_PEOPLE.map(
        (p) =>
          `<li><form method="post" action="${DEV_IDP_PATH}/interaction/${escapeHtml(details.uid)}/login"><input type="hidden" name="sub" value="${escapeHtml(p.sub)}"><button type="submit"><strong>${escapeHtml(`${p.given_name} ${p.family_name}`)}</strong> ${escapeHtml(p.email)}<span>${escapeHtml(p.note)}</span></button></form></li>`,
      ).join('');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo identity provider</title><style>body{font:15px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}ul{list-style:none;padding:0}button{display:block;width:100%;text-align:left;font:inherit;padding:.9rem 1rem;margin:.5rem 0;border:1px solid #cbd5e1;border-radius:12px;background:#fff;cursor:pointer}button:hover,button:focus-visible{border-color:#0f766e;outline:2px solid #0f766e}span{display:block;color:#475569;font-size:.875rem}</style></head><body><main><h1>Demo identity provider</h1><p>A company sign-in for trying single sign-on on this machine. Choose who signs in:</p><ul>${people}</ul></main></body></html>`;
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${DEV_IDP_PATH}/interaction/:uid/login`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (refuseRemote(request, reply)) return reply;
      const sub = new URLSearchParams(String(request.body ?? '')).get('sub') ?? '';
      if (!DEV_IDP_PEOPLE.some((p) => p.sub === sub))
        return reply.status(400).send({ message: 'Choose a demo person' });
      const { provider } = await providerOf();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: sub } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return reply;
    },
  );

  /** The consent step: the demo grants what the app asked for. */
  async function finish(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    const { provider } = await providerOf();
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const grant = new provider.Grant({ accountId, clientId: DEV_IDP_CLIENT_ID });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
    return reply;
  }
}
