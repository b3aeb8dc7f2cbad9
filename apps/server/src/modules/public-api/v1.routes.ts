import {
  API_KEY_PREFIX,
  ErrorResponseSchema,
  ListQuerySchema,
  V1ActivitiesResponseSchema,
  V1AwardPointsRequestSchema,
  V1AwardPointsResponseSchema,
  V1MembersResponseSchema,
  V1ParticipationsQuerySchema,
  V1ParticipationsResponseSchema,
  V1PointsResponseSchema,
  V1ProjectsQuerySchema,
  V1ProjectsResponseSchema,
  V1TeamsResponseSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { notFound, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashToken } from '../../lib/secrets.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findAdminParticipations } from '../participations/participations.repository.ts';
import { getPointsTotal } from '../points/points.repository.ts';
import {
  findAdminActivities,
  findClientUserIds,
  findProjectsPage,
  getAdminProject,
} from '../projects/admin-projects.repository.ts';
import { findAdminTeams } from '../teams/teams.repository.ts';
import { findAdminUsers } from '../users/admin-users.repository.ts';
import { keyMay } from './api-keys.policy.ts';
import { type ApiKeyRow, findLiveApiKey, touchApiKey } from './api-keys.repository.ts';
import { awardApiPoints } from './commands/award-api-points.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyRow | null;
  }
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const MINUTE = 60_000;
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/**
 * The public API, version 1 (issue 24): a client's own systems read its members and teams with one of its API keys
 * (Authorization: Bearer rally_…), never with a session. A key of another client, a revoked or an unknown one is
 * 401; a read key may only read (403); each key may call API_KEY_RATE_PER_MINUTE times a minute (429 with
 * Retry-After). Every call is in the client's audit log; lists page by keyset as SPEC 7 describes.
 */
export async function v1Routes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Keys whose last use this instance noted within the minute (bounded). */
  const touched = new LRUCache<string, true>({ max: 10_000, ttl: MINUTE });
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token.startsWith(API_KEY_PREFIX) || token.length > 200)
      throw unauthorized(
        `Send one of this app's API keys: Authorization: Bearer ${API_KEY_PREFIX}…`,
        'api_key_required',
      );
    const clientId = request.tenant.id;
    const tokenHash = hashToken(token);
    const cacheKey = `${clientId}:${tokenHash}`;
    let key = ctx.apiKeys.get(cacheKey);
    if (!key) {
      key = await findLiveApiKey(ctx.db, { clientId, tokenHash });
      if (key) ctx.apiKeys.set(cacheKey, key);
    }
    if (!key) throw unauthorized('This API key is unknown, revoked, or of another app', 'invalid_api_key');
    request.apiKey = key;
    if ((await ctx.limiter.hit(`api-key:${key.id}`, MINUTE)) > ctx.config.apiKeyRatePerMinute)
      throw tooManyRequests('Too many calls with this API key. Try again in a minute.', MINUTE / 1000);
    authorize(keyMay(key.scope, request.method));
  });
  // Every use, answered or refused, in the client's audit log, and the key's last use — written before the answer
  // leaves, so a caller that has its answer finds its call in the log.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.apiKey;
    if (!key) return payload;
    // Its last use is noted at most once a minute: this instance skips the write when it noted it within one.
    if (!touched.has(key.id)) {
      touched.set(key.id, true);
      await touchApiKey(ctx.db, { clientId: key.clientId, id: key.id });
    }
    await insertAudit(ctx.db, {
      clientId: key.clientId,
      entry: {
        userId: null,
        action: 'api_key.used',
        target: key.id,
        data: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
      },
    });
    return payload;
  });

  r.get(
    '/api/v1/members',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        querystring: ListQuerySchema,
        response: { 200: V1MembersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await findAdminUsers(ctx.db, {
        clientId: request.tenant.id,
        query: { ...request.query, sort: 'newest' },
        onlyTeams: null,
      });
      return {
        members: rows.map((u) => ({
          id: u.id,
          email: u.email,
          first_name: u.firstName,
          last_name: u.lastName,
          role: u.role,
          is_active: u.isActive,
          teams: u.teams,
          created_at: new Date(u.createdAt).toISOString(),
        })),
        next_cursor: nextCursor,
      };
    },
  );

  r.get(
    '/api/v1/teams',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        response: { 200: V1TeamsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      teams: (await findAdminTeams(ctx.db, { clientId: request.tenant.id })).map((t) => ({
        id: t.id,
        name: t.name,
        member_count: t.member_count,
      })),
    }),
  );

  r.get(
    '/api/v1/projects',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        querystring: V1ProjectsQuerySchema,
        response: { 200: V1ProjectsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, cursor, status } = request.query;
      const rows = await findProjectsPage(ctx.db, { clientId: request.tenant.id, status, cursor, limit });
      return {
        projects: rows.map((p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          audience: p.audience,
          starts_at: isoOrNull(p.starts_at),
          ends_at: isoOrNull(p.ends_at),
          archived_at: isoOrNull(p.archived_at),
          created_at: iso(p.created_at),
          activity_count: Number(p.activity_count),
          member_count: Number(p.member_count),
        })),
        next_cursor: rows.length === limit ? rows.at(-1)!.id : null,
      };
    },
  );

  r.get(
    '/api/v1/projects/:id/activities',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        params: idParams,
        response: { 200: V1ActivitiesResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const projectId = request.params.id;
      if (!(await getAdminProject(ctx.db, { clientId, projectId }))) throw notFound('Project not found');
      const rows = await findAdminActivities(ctx.db, { clientId, projectId });
      return {
        activities: rows.map((a) => ({
          id: a.id,
          project_id: a.project_id,
          type: a.type,
          title: a.title,
          points: a.points,
          starts_at: isoOrNull(a.starts_at),
          due_at: isoOrNull(a.due_at),
          created_at: iso(a.created_at),
          participation_count: Number(a.participation_count),
        })),
      };
    },
  );

  r.get(
    '/api/v1/participations',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        querystring: V1ParticipationsQuerySchema,
        response: { 200: V1ParticipationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, cursor, status, project_id } = request.query;
      const rows = await findAdminParticipations(ctx.db, {
        clientId: request.tenant.id,
        scope: { kind: 'all' },
        status,
        type: 'all',
        projectId: project_id,
        cursor,
        limit,
      });
      return {
        participations: rows.map((p) => ({
          id: p.id,
          status: p.status,
          member_id: p.user_id,
          activity_id: p.activity_id,
          activity_type: p.activity_type,
          project_id: p.project_id,
          points: p.activity_points,
          created_at: iso(p.created_at),
          reviewed_at: isoOrNull(p.reviewed_at),
        })),
        next_cursor: rows.length === limit ? rows.at(-1)!.id : null,
      };
    },
  );

  r.get(
    '/api/v1/members/:id/points',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        params: idParams,
        response: { 200: V1PointsResponseSchema, 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = request.tenant.id;
      const [member] = await findClientUserIds(ctx.db, { clientId, userIds: [request.params.id] });
      if (!member) throw notFound('Member not found');
      return { member_id: member, total: await getPointsTotal(ctx.db, { clientId, userId: member }) };
    },
  );

  r.post(
    '/api/v1/points',
    {
      schema: {
        tags: ['public API'],
        security: [{ apiKey: [] }],
        body: V1AwardPointsRequestSchema,
        response: {
          200: V1AwardPointsResponseSchema,
          201: V1AwardPointsResponseSchema,
          404: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const answer = await awardApiPoints(ctx.db, {
        clientId: request.tenant.id,
        keyId: request.apiKey!.id,
        body: request.body,
      });
      reply.status(answer.created ? 201 : 200);
      return answer;
    },
  );
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
