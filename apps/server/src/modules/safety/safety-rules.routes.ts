import {
  CreateSafetyRuleRequestSchema,
  ErrorResponseSchema,
  normalizeSafetyText,
  OkResponseSchema,
  SafetyRuleResponseSchema,
  SafetyRulesQuerySchema,
  SafetyRulesResponseSchema,
  UpdateSafetyRuleRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { KIND_WORD, presentSafetyRule } from './safety.presenter.ts';
import {
  deleteSafetyRule,
  findRuleByNormalized,
  findSafetyRules,
  getSafetyRule,
  insertSafetyRule,
  updateSafetyRule,
} from './safety.repository.ts';
import { announceSafetyChange } from './safety.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a rule id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** The client's blocked, flagged and allowed words and phrases. */
export async function safetyRulesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function ruleOr404(request: FastifyRequest, id: string) {
    const row = await getSafetyRule(ctx.db, { clientId: request.tenant.id, id });
    if (!row) throw notFound('Rule not found');
    return row;
  }
  /** 409 naming the phrase already on a list (the same words, whatever the case or accents). */
  async function checkUnique(request: FastifyRequest, normalized: string, exceptId?: string) {
    const existing = await findRuleByNormalized(ctx.db, {
      clientId: request.tenant.id,
      normalized,
      exceptId,
    });
    if (existing) {
      throw conflict(
        `"${existing.phrase}" is already on the ${KIND_WORD[existing.kind as 'block']} list`,
        'duplicate_rule',
      );
    }
  }
  /** Writes, turning a unique violation of a concurrent twin into the same 409. */
  async function write<T>(request: FastifyRequest, normalized: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) await checkUnique(request, normalized);
      throw err;
    }
  }

  r.get(
    '/api/admin/safety/rules',
    {
      schema: {
        tags: ['admin'],
        querystring: SafetyRulesQuerySchema,
        response: { 200: SafetyRulesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findSafetyRules(ctx.db, { clientId: request.tenant.id, query: request.query });
      return { rules: page.items.map(presentSafetyRule), next_cursor: page.nextCursor };
    },
  );

  r.post(
    '/api/admin/safety/rules',
    {
      schema: {
        tags: ['admin'],
        body: CreateSafetyRuleRequestSchema,
        response: { 201: SafetyRuleResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { phrase, kind } = request.body;
      const normalized = normalizeSafetyText(phrase);
      await checkUnique(request, normalized);
      const clientId = request.tenant.id;
      const row = await write(request, normalized, () =>
        insertSafetyRule(ctx.db, { clientId, phrase, normalized, kind, createdBy: requireUser(request).id }),
      );
      await announceSafetyChange(ctx.bus, clientId);
      return reply.code(201).send({ rule: presentSafetyRule(row!) });
    },
  );

  r.patch(
    '/api/admin/safety/rules/:id',
    {
      schema: {
        tags: ['admin'],
        params,
        body: UpdateSafetyRuleRequestSchema,
        response: { 200: SafetyRuleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rule = await ruleOr404(request, request.params.id);
      const phrase = request.body.phrase ?? rule.phrase;
      const normalized = normalizeSafetyText(phrase);
      if (normalized !== rule.normalized) await checkUnique(request, normalized, rule.id);
      const clientId = request.tenant.id;
      const row = await write(request, normalized, () =>
        updateSafetyRule(ctx.db, {
          clientId,
          id: rule.id,
          phrase,
          normalized,
          kind: request.body.kind ?? rule.kind,
        }),
      );
      await announceSafetyChange(ctx.bus, clientId);
      return { rule: presentSafetyRule(row!) };
    },
  );

  r.delete(
    '/api/admin/safety/rules/:id',
    { schema: { tags: ['admin'], params, response: { 200: OkResponseSchema, ...errors } } },
    async (request) => {
      const rule = await ruleOr404(request, request.params.id);
      await deleteSafetyRule(ctx.db, { clientId: request.tenant.id, id: rule.id });
      await announceSafetyChange(ctx.bus, request.tenant.id);
      return { ok: true as const };
    },
  );
}
