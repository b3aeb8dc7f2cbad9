import { SCIM_RATE_PER_MINUTE, SCIM_TOKEN_PREFIX, ScimIdParamsSchema } from '@rally/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { HttpError, tooManyRequests } from '../../lib/errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { presentResourceTypes, presentSchemas, presentServiceProviderConfig } from './scim.presenter.ts';
import { ERROR_SCHEMA, fromScimmyError, SCIM_CONTENT_TYPE, scimError } from './scim.protocol.ts';
import { scimBaseOf } from './scim.request.ts';
import { scimGroupsRoutes } from './scim-groups.routes.ts';
import { findLiveScimToken, touchScimToken } from './scim-tokens.repository.ts';
import { scimUsersRoutes } from './scim-users.routes.ts';

const MINUTE = 60_000;
// RFC 7644 3.12's keywords; any other code of ours is no SCIM keyword and is left out.
const SCIM_TYPES = new Set([
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
]);

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Any failure as a SCIM error message (RFC 7644 3.12); 5xx details stay in the log. */
function sendScimError(raw: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const cause = raw.cause instanceof HttpError ? raw.cause : raw;
  // scimmy's own SCIM errors (an unknown schema id…) keep their status; anything else unforeseen stays a 500.
  const error: FastifyError | HttpError = fromScimmyError(cause) ?? cause;
  let status = 500;
  let detail = 'Something went wrong on our side. Please try again.';
  let scimType: string | undefined;
  if (error instanceof HttpError) {
    status = error.statusCode;
    detail = error.message;
    scimType =
      error.code && SCIM_TYPES.has(error.code) ? error.code : status === 400 ? 'invalidValue' : undefined;
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  } else if (isUniqueViolation(error)) {
    // Two creations of the same name at once: the second meets the unique index.
    [status, detail, scimType] = [409, 'A resource with that name exists already', 'uniqueness'];
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = (issue.params as { issue?: { message?: string } }).issue?.message ?? issue.message;
    [status, detail] = [400, path ? `${path}: ${message}` : String(message)];
    scimType = error.validationContext === 'body' ? 'invalidSyntax' : 'invalidValue';
  } else if ((error.statusCode ?? 500) < 500) {
    status = error.statusCode!;
    detail =
      error instanceof SyntaxError ? `Request body is not valid JSON: ${error.message}` : error.message;
    if (status === 400) scimType = 'invalidSyntax';
  } else {
    request.log.error({ err: error }, 'SCIM request failed');
  }
  return reply
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send({ schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail });
}

/**
 * The SCIM 2.0 service (issue 24; RFC 7643/7644) at /scim/v2, in a scope of its own: the client's identity provider
 * provisions members (Users) and teams (Groups) with one of the client's SCIM tokens (Authorization: Bearer
 * rally_scim_…), never a session. A token of another client, a revoked or an unknown one is 401; each token may call
 * SCIM_RATE_PER_MINUTE times a minute (429 with Retry-After). Bodies come as application/scim+json (plain JSON too);
 * answers and errors go out as application/scim+json in SCIM's shapes.
 */
export async function scimRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.decorateRequest('scimToken', null);
  app.setErrorHandler(sendScimError);
  app.setNotFoundHandler((request, reply) =>
    sendScimError(
      scimError(404, `No SCIM endpoint ${request.method} ${request.url.split('?')[0]}`) as never,
      request,
      reply,
    ),
  );

  app.addHook('onRequest', async (request) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200)
      throw scimError(401, `Send one of this app's SCIM tokens: Authorization: Bearer ${SCIM_TOKEN_PREFIX}…`);
    const row = await findLiveScimToken(ctx.db, { clientId: request.tenant.id, tokenHash: hashToken(token) });
    if (!row) throw scimError(401, 'This SCIM token is unknown, revoked, or of another app');
    request.scimToken = row;
    if ((await ctx.limiter.hit(`scim-token:${row.id}`, MINUTE)) > SCIM_RATE_PER_MINUTE)
      throw tooManyRequests('Too many calls with this SCIM token. Try again in a minute.', MINUTE / 1000);
  });
  // Every answer in SCIM's media type; the token's last use noted (at most once a minute) before the answer leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload !== undefined && payload !== null && reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
    // Read with the token on this request: only a use a minute after the last noted one writes.
    const token = request.scimToken;
    if (token && (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > MINUTE))
      await touchScimToken(ctx.db, { clientId: token.clientId, id: token.id });
    return payload;
  });

  const discovery = { tags: ['SCIM'], security: [{ scimToken: [] }] };
  r.get('/ServiceProviderConfig', { schema: discovery }, async (request) =>
    presentServiceProviderConfig(scimBaseOf(request)),
  );
  r.get('/ResourceTypes', { schema: discovery }, async (request) =>
    presentResourceTypes(scimBaseOf(request)),
  );
  r.get('/ResourceTypes/:id', { schema: { ...discovery, params: ScimIdParamsSchema } }, async (request) =>
    presentResourceTypes(scimBaseOf(request), request.params.id),
  );
  r.get('/Schemas', { schema: discovery }, async (request) => presentSchemas(scimBaseOf(request)));
  r.get('/Schemas/:id', { schema: { ...discovery, params: ScimIdParamsSchema } }, async (request) =>
    presentSchemas(scimBaseOf(request), request.params.id),
  );

  await scimUsersRoutes(app, ctx);
  await scimGroupsRoutes(app, ctx);
}
