import {
  AdminBadgeResponseSchema,
  AdminBadgesResponseSchema,
  AwardBadgeRequestSchema,
  BadgeAwardResponseSchema,
  BadgeHoldersResponseSchema,
  BadgeRecomputeResponseSchema,
  CreateBadgeRequestSchema,
  ErrorResponseSchema,
  ListQuerySchema,
  OkResponseSchema,
  ReorderBadgesRequestSchema,
  RevokeBadgeRequestSchema,
  UpdateBadgeRequestSchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import { manageBadges, readBadges } from './badges.policy.ts';
import { presentAdminBadge, presentAward, presentHolders, presentRecompute } from './badges.presenter.ts';
import {
  countBadgesOfClient,
  findBadgeHolders,
  getBadge,
  listBadges,
  type NewBadge,
  reorderBadges,
} from './badges.repository.ts';
import { ruleFrom } from './badges.validation.ts';
import { awardBadgeByHand, revokeBadgeByHand } from './commands/award-badge.ts';
import { changeBadge, createBadge } from './commands/save-badge.ts';

const params = z.object({ id: z.uuid({ message: 'id must be a badge id' }) });
const awardParams = params.extend({ userId: z.uuid({ message: 'userId must be a member id' }) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** Badges of the client (ADMIN only, SPEC 6, reads included): create, edit, archive, reorder, award and revoke by hand. */
export async function adminBadgesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Role before input validation: an analyst or member learns nothing from a 400.
  app.addHook('preValidation', async (request) => {
    const user = requireUser(request);
    authorize(request.method === 'GET' ? readBadges(user) : manageBadges(user));
  });

  async function badgeOr404(request: FastifyRequest, id: string) {
    const row = await getBadge(ctx.db, { clientId: request.tenant.id, id });
    if (!row) throw notFound('Badge not found');
    return row;
  }
  async function checkImage(clientId: string, url: string | null | undefined) {
    if (url && !(await findClientUpload(ctx, clientId, url))) {
      throw badRequest('image_url must be a file uploaded to this app');
    }
  }
  const answer = async (request: FastifyRequest, id: string) => ({
    badge: presentAdminBadge(await badgeOr404(request, id)),
  });

  r.get(
    '/api/admin/badges',
    { schema: { tags: ['admin'], response: { 200: AdminBadgesResponseSchema, ...errors } } },
    async (request) => ({
      badges: (await listBadges(ctx.db, { clientId: request.tenant.id })).map(presentAdminBadge),
    }),
  );

  r.get(
    '/api/admin/badges/:id',
    { schema: { tags: ['admin'], params, response: { 200: AdminBadgeResponseSchema, ...errors } } },
    async (request) => answer(request, request.params.id),
  );

  r.get(
    '/api/admin/badges/:id/recompute',
    { schema: { tags: ['admin'], params, response: { 200: BadgeRecomputeResponseSchema, ...errors } } },
    async (request) => presentRecompute(await badgeOr404(request, request.params.id)),
  );

  r.post(
    '/api/admin/badges',
    {
      schema: {
        tags: ['admin'],
        body: CreateBadgeRequestSchema,
        response: { 201: AdminBadgeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const rule = ruleFrom(b);
      await checkImage(request.tenant.id, b.image_url);
      const id = await createBadge(ctx.db, {
        clientId: request.tenant.id,
        badge: {
          name: b.name,
          description: b.description ?? null,
          imageUrl: b.image_url ?? null,
          hidden: b.hidden ?? false,
          ...rule,
        },
      });
      return reply.code(201).send(await answer(request, id));
    },
  );

  r.patch(
    '/api/admin/badges/:id',
    {
      schema: {
        tags: ['admin'],
        params,
        body: UpdateBadgeRequestSchema,
        response: { 200: AdminBadgeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const badge = await badgeOr404(request, request.params.id);
      const b = request.body;
      const ruleTouched = ['criterion', 'period', 'activity_type', 'threshold', 'tiers'].some((k) => k in b);
      if (b.image_url !== undefined) await checkImage(request.tenant.id, b.image_url);
      const set: Partial<NewBadge> = {
        ...(b.name !== undefined && { name: b.name }),
        ...(b.description !== undefined && { description: b.description }),
        ...(b.image_url !== undefined && { imageUrl: b.image_url }),
        ...(b.hidden !== undefined && { hidden: b.hidden }),
        ...(b.archived !== undefined && {
          archivedAt: b.archived ? (badge.archivedAt ?? new Date()) : null,
        }),
        ...(ruleTouched && ruleFrom(b, badge)),
      };
      await changeBadge(ctx.db, { clientId: request.tenant.id, badge, set });
      return answer(request, badge.id);
    },
  );

  r.put(
    '/api/admin/badges/order',
    {
      schema: {
        tags: ['admin'],
        body: ReorderBadgesRequestSchema,
        response: { 200: AdminBadgesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const { ids } = request.body;
      if ((await countBadgesOfClient(ctx.db, { clientId, ids })) !== ids.length) {
        throw badRequest('ids must all be badges of this app');
      }
      await reorderBadges(ctx.db, { clientId, ids });
      return { badges: (await listBadges(ctx.db, { clientId })).map(presentAdminBadge) };
    },
  );

  r.get(
    '/api/admin/badges/:id/awards',
    {
      schema: {
        tags: ['admin'],
        params,
        querystring: ListQuerySchema,
        response: { 200: BadgeHoldersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const badge = await badgeOr404(request, request.params.id);
      const limit = Math.abs(request.query.limit);
      const rows = await findBadgeHolders(ctx.db, {
        clientId: request.tenant.id,
        badgeId: badge.id,
        cursor: request.query.cursor,
        limit,
      });
      return presentHolders(rows, limit);
    },
  );

  r.post(
    '/api/admin/badges/:id/awards',
    {
      schema: {
        tags: ['admin'],
        params,
        body: AwardBadgeRequestSchema,
        response: { 201: BadgeAwardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const badge = await badgeOr404(request, request.params.id);
      const award = await awardBadgeByHand(ctx.db, {
        clientId: request.tenant.id,
        badge,
        userId: request.body.user_id,
        reason: request.body.reason,
        adminId: requireUser(request).id,
      });
      return reply.code(201).send({ award: presentAward(award, request.body.user_id) });
    },
  );

  r.delete(
    '/api/admin/badges/:id/awards/:userId',
    {
      schema: {
        tags: ['admin'],
        params: awardParams,
        body: RevokeBadgeRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const badge = await badgeOr404(request, request.params.id);
      await revokeBadgeByHand(ctx.db, {
        clientId: request.tenant.id,
        badge,
        userId: request.params.userId,
        reason: request.body.reason,
        adminId: requireUser(request).id,
      });
      return { ok: true as const };
    },
  );
}
