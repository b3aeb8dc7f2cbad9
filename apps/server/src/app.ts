import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { getContrastText, SCIM_BASE_PATH } from '@rally/shared';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { demoOrigin } from './boot.ts';
import type { AppContext } from './context.ts';
import { runInLane } from './db/scheduler.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { adminApplicantsRoutes } from './modules/applicants/admin-applicants.routes.ts';
import { applicantsRoutes, applicationsRoutes } from './modules/applicants/applicants.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { adminSsoRoutes } from './modules/auth/admin-sso.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { guestsRoutes } from './modules/auth/guests.routes.ts';
import { handoffRoutes } from './modules/auth/handoff.routes.ts';
import { ssoRoutes } from './modules/auth/sso.routes.ts';
import { samlRoutes } from './modules/auth/sso-saml.routes.ts';
import { badgesRoutes } from './modules/badges/badges.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { adminClientRoutes } from './modules/clients/admin-client.routes.ts';
import { adminStringsRoutes } from './modules/clients/admin-strings.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { customUrlRoutes } from './modules/clients/custom-url.routes.ts';
import { adminDomainsRoutes } from './modules/clients/domains.routes.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { devIdpRoutes } from './modules/dev/dev-idp.routes.ts';
import { mailboxRoutes } from './modules/dev/mailbox.routes.ts';
import { followsRoutes } from './modules/follows/follows.routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { msteamsRoutes } from './modules/msteams/msteams.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { participationsRoutes } from './modules/participations/participations.routes.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { adminProjectsRoutes } from './modules/projects/admin-projects.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { adminApiKeysRoutes } from './modules/public-api/admin-api-keys.routes.ts';
import { v1Routes } from './modules/public-api/v1.routes.ts';
import { pwaRoutes } from './modules/pwa/pwa.routes.ts';
import { reportingRoutes } from './modules/reporting/reporting.routes.ts';
import { adminSafetyRoutes } from './modules/safety/safety.routes.ts';
import { adminScimTokensRoutes } from './modules/scim/admin-scim-tokens.routes.ts';
import { scimRoutes } from './modules/scim/scim.routes.ts';
import { sharePageRoutes } from './modules/shares/share-page.routes.ts';
import { sharesRoutes } from './modules/shares/shares.routes.ts';
import { adminTeamsRoutes } from './modules/teams/admin-teams.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { filesRoutes, uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { adminUsersRoutes } from './modules/users/admin-users.routes.ts';
import { userImportRoutes } from './modules/users/user-import.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { adminWebhookDeliveriesRoutes } from './modules/webhooks/webhook-deliveries.routes.ts';
import { adminWebhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { decorateAuth, registerAuthentication } from './plugins/app/auth.ts';
import { registerErrorHandler } from './plugins/app/errors.ts';
import { registerMetrics } from './plugins/app/metrics.ts';
import { registerSecurity } from './plugins/app/security.ts';
import { registerTenant } from './plugins/app/tenant.ts';
import { registerValidation } from './plugins/app/validation.ts';

export interface BuildAppOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Bound of the host → client cache (tests shrink it to see it hold). */
  tenantCacheHosts?: number;
}

/** Builds the Fastify app with every route; never listens. */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel },
    // Fastify's two lines per request are replaced by one line in the metrics hook.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Malformed URLs and similar are answered in the same {message} shape as every other error.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).code(error.statusCode ?? 400).send({ message: error.message });
    },
  });
  registerValidation(app);
  app.setSerializerCompiler(serializerCompiler);

  // Answers of 4 KB and more go out compressed when the client accepts it: quick Brotli, else gzip. Smaller ones
  // fit the first round trip anyway and skip the cost. Media, archives and octet-streams are left as they are, and
  // the live channel (text/event-stream, hijacked) too. Before the routes: the plugin hooks each route registered
  // after it. The built web app serves its own precompressed files (modules/web).
  // The hottest reads, /api/bootstrap and /api/me (1-2 KB, never compressed), opt out on their routes
  // (`compress: false`), which spares them the plugin's hook, about 1% of their CPU time.
  await app.register(fastifyCompress, {
    threshold: 4096,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/,
    globalDecompression: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Rally API',
        version: ctx.version,
        description: 'White-label community and brand-advocacy app',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'rally' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A client's API key (rally_…), for /api/v1",
          },
          scimToken: {
            type: 'http',
            scheme: 'bearer',
            description: "A client's SCIM token (rally_scim_…), for /scim/v2",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // First of all hooks: everything a request does with the database waits in its request's lane (writes first).
  app.addHook('onRequest', (request, _reply, done) => {
    runInLane(request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write', done);
  });
  registerErrorHandler(app);
  registerSecurity(app, ctx.config);
  registerTenant(app, ctx, { maxHosts: opts.tenantCacheHosts });
  decorateAuth(app);
  registerMetrics(app, ctx.config.metricsToken, ctx.database.scheduler);

  // Public routes.
  await clientsRoutes(app, ctx);
  await customUrlRoutes(app, ctx);
  await pwaRoutes(app, ctx);
  await authRoutes(app, ctx);
  await ssoRoutes(app, ctx);
  // The SAML service provider (issue 24): its ACS takes the provider's form post, parsed in a scope of its own.
  await app.register(async (scope) => samlRoutes(scope, ctx));
  // The Microsoft Teams tab's sign-in handoff from its pop-up (issue 24).
  await handoffRoutes(app, ctx);
  // The public API (issue 24): API keys only, in a scope of its own.
  await app.register(async (scope) => v1Routes(scope, ctx));
  // SCIM 2.0 provisioning (issue 24): SCIM tokens only, its own body type and error shape, in a scope of its own.
  await app.register(async (scope) => scimRoutes(scope, ctx), { prefix: SCIM_BASE_PATH });
  await guestsRoutes(app, ctx);
  await applicationsRoutes(app, ctx);
  await filesRoutes(app, ctx);
  await sharePageRoutes(app, ctx);
  if (ctx.config.devMailbox) await mailboxRoutes(app, ctx);
  // The demo identity provider (issue 24): in its own scope, whose form posts it parses itself.
  if (ctx.config.demo) await app.register(async (scope) => devIdpRoutes(scope, ctx, demoOrigin(ctx.config)));

  // Routes that need a session.
  await app.register(async (scope) => {
    registerAuthentication(scope, ctx);
    await usersRoutes(scope, ctx);
    await notificationsRoutes(scope, ctx);
    await teamsRoutes(scope, ctx);
    await projectsRoutes(scope, ctx);
    await activitiesRoutes(scope, ctx);
    await sharesRoutes(scope, ctx);
    await badgesRoutes(scope, ctx);
    await chatRoutes(scope, ctx);
    await uploadsRoutes(scope, ctx);
    await applicantsRoutes(scope, ctx);
    await postsRoutes(scope, ctx);
    await followsRoutes(scope, ctx);
    await profilesRoutes(scope, ctx);
    await leaderboardRoutes(scope, ctx);
    await metricsRoutes(scope, ctx);
    // Admin modules add a role check to every route of theirs, so each gets its own encapsulated scope.
    for (const routes of [
      adminClientRoutes,
      adminStringsRoutes,
      adminDomainsRoutes,
      adminSsoRoutes,
      adminApiKeysRoutes,
      adminWebhooksRoutes,
      adminWebhookDeliveriesRoutes,
      adminScimTokensRoutes,
      msteamsRoutes,
      adminProjectsRoutes,
      libraryRoutes,
      participationsRoutes,
      adminTeamsRoutes,
      adminUsersRoutes,
      userImportRoutes,
      auditRoutes,
      contractsRoutes,
      adminSafetyRoutes,
      adminApplicantsRoutes,
      dashboardRoutes,
      reportingRoutes,
    ]) {
      await scope.register(async (admin) => routes(admin, ctx));
    }
  });

  if (opts.serveWeb !== false) await webRoutes(app, ctx, getContrastText);
  return app;
}
