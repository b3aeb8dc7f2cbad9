import {
  ErrorResponseSchema,
  OkResponseSchema,
  SaveSsoRequestSchema,
  SsoSettingsResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { removeSso, saveSso } from './commands/save-sso.ts';
import { manageSso } from './sso.policy.ts';
import { presentSso } from './sso.presenter.ts';
import { getSsoConnection } from './sso.repository.ts';
import { samlSpOf } from './sso.saml.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

/**
 * The client's single sign-on on the admin Integrations tab (ADMIN only, SPEC 6; issue 24): read it with the
 * redirect URI to register at the provider, save it (the secret is sealed and never answered), remove it. Each
 * change refreshes the client every instance serves (the login page's "Sign in with …").
 */
export async function adminSsoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageSso(requireUser(request))));
  const actorOf = (request: FastifyRequest) => ({ clientId: request.tenant.id, id: requireUser(request).id });
  /** What to register at the provider, on the client's configured domain (never the request's Host). */
  const registration = (request: FastifyRequest) => {
    const { linkOrigin } = request.tenant;
    if (!linkOrigin) return { redirect_uri: null, saml_sp: null };
    const sp = samlSpOf(linkOrigin);
    return {
      redirect_uri: `${linkOrigin}/api/sso/callback`,
      saml_sp: { entity_id: sp.entityId, acs_url: sp.acsUrl, metadata_url: sp.metadataUrl },
    };
  };

  r.get(
    '/api/admin/sso',
    { schema: { tags: ['admin'], response: { 200: SsoSettingsResponseSchema, ...errors } } },
    async (request) => {
      const row = await getSsoConnection(ctx.db, { clientId: request.tenant.id });
      return { sso: row ? presentSso(row) : null, ...registration(request) };
    },
  );

  r.put(
    '/api/admin/sso',
    {
      schema: {
        tags: ['admin'],
        body: SaveSsoRequestSchema,
        response: { 200: SsoSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await saveSso(ctx, actorOf(request), request.body);
      app.invalidateTenants();
      return { sso: presentSso(row), ...registration(request) };
    },
  );

  r.delete(
    '/api/admin/sso',
    { schema: { tags: ['admin'], response: { 200: OkResponseSchema, 404: ErrorResponseSchema, ...errors } } },
    async (request) => {
      if (!(await removeSso(ctx, actorOf(request)))) throw notFound('Single sign-on is not set up');
      app.invalidateTenants();
      return { ok: true as const };
    },
  );
}
