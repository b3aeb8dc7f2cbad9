import {
  AddDomainRequestSchema,
  ClientDomainResponseSchema,
  ClientDomainsResponseSchema,
  DomainParamsSchema,
  ErrorResponseSchema,
  OkResponseSchema,
  VerifyDomainResponseSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authorize, type Decision } from '../../lib/authorize.ts';
import { conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { manageClientSettings } from './clients.policy.ts';
import { addDomain } from './commands/add-domain.ts';
import { makeDomainPrimary, removeClientDomain } from './commands/change-domain.ts';
import { checkDomain } from './commands/check-domain.ts';
import { createDomainChecker } from './domains.dns.ts';
import { makePrimaryDomain, removeDomain } from './domains.policy.ts';
import { domainFacts, presentDomain } from './domains.presenter.ts';
import { countVerifiedDomains, type DomainRow, findDomain, listDomains } from './domains.repository.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const withNotFound = { ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const limited = { 409: ErrorResponseSchema, 429: ErrorResponseSchema };

/** DNS checks a client may ask for per window ("Verify now"): each one sends several lookups to DNS servers. */
export const DOMAIN_VERIFY_LIMIT = { max: 20, windowMs: 10 * 60_000 };
/** Domains a client may add per window: each one starts a chain of background checks. */
export const DOMAIN_ADD_LIMIT = { max: 20, windowMs: 60 * 60_000 };
const params = DomainParamsSchema;

// A domain's state forbids the change (not the admin's role): 409 with the policy's message.
function refuseUnless(decision: Decision): void {
  if (!decision.allowed) throw conflict(decision.message, decision.code);
}

/**
 * Custom domains on the admin General page (ADMIN only, SPEC 6): add one, show the DNS records to create, verify
 * it through DNS, make it the primary (the host of the client's links) and remove it. A domain serves the client
 * only once verified; every change that alters which hosts serve it drops the tenant caches on every instance.
 */
export async function adminDomainsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', async (request) => authorize(manageClientSettings(requireUser(request))));
  const checker = createDomainChecker(ctx.config);

  async function limit(key: string, rule: { max: number; windowMs: number }, message: string) {
    if ((await ctx.limiter.hit(key, rule.windowMs)) > rule.max) {
      throw tooManyRequests(message, Math.ceil(rule.windowMs / 1000));
    }
  }
  const actorOf = (request: FastifyRequest) => ({ clientId: request.tenant.id, id: requireUser(request).id });
  async function contextOf(request: FastifyRequest) {
    const verifiedCount = await countVerifiedDomains(ctx.db, { clientId: request.tenant.id });
    return { appHost: ctx.config.appHost, requestHost: request.hostname.toLowerCase(), verifiedCount };
  }
  async function domainOf(request: FastifyRequest, host: string): Promise<DomainRow> {
    const row = await findDomain(ctx.db, { clientId: request.tenant.id, host: host.toLowerCase() });
    if (!row) throw notFound('Domain not found');
    return row;
  }
  async function present(request: FastifyRequest, row: DomainRow) {
    return presentDomain(row, await contextOf(request));
  }

  r.get(
    '/api/admin/client/domains',
    { schema: { tags: ['admin'], response: { 200: ClientDomainsResponseSchema, ...errors } } },
    async (request) => {
      const [rows, context] = await Promise.all([
        listDomains(ctx.db, { clientId: request.tenant.id }),
        contextOf(request),
      ]);
      return { domains: rows.map((row) => presentDomain(row, context)), app_host: ctx.config.appHost };
    },
  );

  r.post(
    '/api/admin/client/domains',
    {
      schema: {
        tags: ['admin'],
        body: AddDomainRequestSchema,
        response: { 201: ClientDomainResponseSchema, ...limited, ...errors },
      },
    },
    async (request, reply) => {
      await limit(
        `domains:add:${request.tenant.id}`,
        DOMAIN_ADD_LIMIT,
        'Too many domains added. Try again later.',
      );
      const row = await addDomain(ctx, actorOf(request), request.body.host);
      return reply.status(201).send({ domain: await present(request, row) });
    },
  );

  r.post(
    '/api/admin/client/domains/:host/verify',
    {
      schema: {
        tags: ['admin'],
        params,
        response: { 200: VerifyDomainResponseSchema, ...limited, ...withNotFound },
      },
    },
    async (request) => {
      const row = await domainOf(request, request.params.host);
      await limit(
        `domains:verify:${request.tenant.id}`,
        DOMAIN_VERIFY_LIMIT,
        'Too many DNS checks. Wait a few minutes, then verify again.',
      );
      if (!row.verificationToken) {
        throw conflict('This domain was set up by the operator and needs no DNS check', 'domain_no_token');
      }
      const result = await checkDomain(
        ctx.db,
        checker,
        { ...row, verificationToken: row.verificationToken },
        actorOf(request).id,
      );
      if (!result) throw notFound('Domain not found');
      if (result.isNewlyVerified) app.invalidateTenants();
      return { domain: await present(request, result.row), check: result.check };
    },
  );

  r.post(
    '/api/admin/client/domains/:host/primary',
    { schema: { tags: ['admin'], params, response: { 200: ClientDomainResponseSchema, ...withNotFound } } },
    async (request) => {
      const row = await domainOf(request, request.params.host);
      const context = await contextOf(request);
      refuseUnless(makePrimaryDomain(domainFacts(row, context)));
      if (!row.isPrimary) {
        await makeDomainPrimary(ctx.db, actorOf(request), row.host);
        app.invalidateTenants();
      }
      return { domain: presentDomain({ ...row, isPrimary: true }, context) };
    },
  );

  r.delete(
    '/api/admin/client/domains/:host',
    { schema: { tags: ['admin'], params, response: { 200: OkResponseSchema, ...withNotFound } } },
    async (request) => {
      const row = await domainOf(request, request.params.host);
      refuseUnless(removeDomain(domainFacts(row, await contextOf(request))));
      await removeClientDomain(ctx.db, actorOf(request), row.host);
      app.invalidateTenants();
      return { ok: true as const };
    },
  );
}
