import {
  AcceptContractRequestSchema,
  CompleteOnboardingRequestSchema,
  ContractResponseSchema,
  ErrorResponseSchema,
  MeQuerySchema,
  MeResponseSchema,
  OkResponseSchema,
  TimeResponseSchema,
  UpdateMeRequestSchema,
} from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type Db, selectRows } from '../../db/client.ts';
import { activeTime, contracts, devices, sessions, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RequestClient } from '../../plugins/app/tenant.ts';
import { queueForReview, screenMemberText } from '../safety/safety.ts';
import { findClientUpload } from '../uploads/uploads.service.ts';
import { presentUser } from './users.presenter.ts';
import { getUserWithRelations, type SessionUserRow } from './users.repository.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const meJson = new WeakMap<SessionUserRow, { tenant: RequestClient; json: string }>();

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Profile fields members write themselves, with the label brand safety names them by. */
const SCREENED_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['username', 'Username'],
  ['city', 'City'],
  ['state', 'State'],
  ['country', 'Country'],
  ['bio', 'Bio'],
] as const;

/**
 * Runs each changed profile text through brand safety before anything is written (a blocked one refuses the
 * whole request); answers the flagged ones to queue for review once saved.
 */
async function screenProfileText(
  db: Db,
  clientId: string,
  profile: Partial<Record<(typeof SCREENED_FIELDS)[number][0], string | null | undefined>>,
) {
  const flagged: { text: string; matches: string[] }[] = [];
  for (const [field, label] of SCREENED_FIELDS) {
    const text = profile[field];
    if (!text) continue;
    const verdict = await screenMemberText(db, clientId, label, text);
    if (verdict.flagged.length > 0) flagged.push({ text: `${label}: ${text}`, matches: verdict.flagged });
  }
  return flagged;
}

/** The signed-in user's own calls (SPEC 7): me, device registration, contract, onboarding, time. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: FastifyRequest) => request.user!;

  async function currentUser(request: FastifyRequest) {
    const row = await getUserWithRelations(ctx.db, request.tenant.id, me(request).id);
    return { user: presentUser(row!, request.tenant.client) };
  }

  r.get(
    '/api/me',
    { schema: { tags: ['me'], querystring: MeQuerySchema, response: { 200: MeResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = me(request);
      if (request.query.notifications) {
        await ctx.db
          .update(sessions)
          .set({ notificationsGranted: request.query.notifications === 'true' })
          .where(eq(sessions.id, user.session_id));
      }
      // The cached session row and the tenant object stay the same until either changes, so their
      // serialised answer is kept beside them (the hottest read of the app).
      const memo = meJson.get(user);
      if (memo && memo.tenant === request.tenant) return reply.type(JSON_TYPE).send(memo.json as never);
      const { session_id: _, ...row } = user;
      const json = JSON.stringify({
        user: MeResponseSchema.shape.user.parse(presentUser(row, request.tenant.client)),
      });
      meJson.set(user, { tenant: request.tenant, json });
      return reply.type(JSON_TYPE).send(json as never);
    },
  );

  r.patch(
    '/api/me',
    {
      schema: {
        tags: ['me'],
        body: UpdateMeRequestSchema,
        response: { 200: MeResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { fcm, platform, deviceId, ...profile } = request.body;
      const user = me(request);
      const clientId = request.tenant.id;
      const changes = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
      // Checked before any write, so a refused request registers no device either.
      const nextUsername = 'username' in changes ? changes.username : user.username;
      const nextDisplayUsername =
        'display_username' in changes ? changes.display_username : user.display_username;
      if (nextDisplayUsername === true && !nextUsername) {
        throw badRequest('Username is required to show it instead of your name');
      }
      if (profile.image_url && profile.image_url !== user.image_url) {
        // A picture is the member's own upload: not another member's file, nor another client's.
        const upload = await findClientUpload(ctx, clientId, profile.image_url);
        if (!upload || upload.userId !== user.id) {
          throw badRequest('Image must be a picture you uploaded to this app');
        }
      }
      const flagged = await screenProfileText(ctx.db, clientId, profile);
      if (fcm && deviceId) {
        // A device id belongs to the account that registered it until that account removes it (logout does).
        const registered = await ctx.db
          .insert(devices)
          .values({ clientId, userId: user.id, deviceId, fcmToken: fcm, platform: platform ?? 'web' })
          .onConflictDoUpdate({
            target: [devices.clientId, devices.deviceId],
            set: { fcmToken: fcm, platform: platform ?? 'web', updatedAt: new Date() },
            setWhere: eq(devices.userId, user.id),
          })
          .returning({ id: devices.id });
        if (registered.length === 0) {
          throw conflict('This device is registered to another account', 'device_taken');
        }
      }
      if (Object.keys(changes).length > 0) {
        await ctx.db
          .update(users)
          .set({
            firstName: profile.first_name,
            lastName: profile.last_name,
            username: profile.username,
            displayUsername: profile.display_username,
            city: profile.city,
            state: profile.state,
            country: profile.country,
            bio: profile.bio,
            imageUrl: profile.image_url,
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, user.id), eq(users.clientId, clientId)));
      }
      // Flagged profile text stays on the profile; moderators see it in the queue.
      for (const item of flagged) {
        await queueForReview(ctx.db, {
          clientId,
          targetKind: 'profile',
          targetId: user.id,
          authorId: user.id,
          text: item.text,
          matches: item.matches,
          isHeld: false,
        });
      }
      return currentUser(request);
    },
  );

  r.delete(
    '/api/fcm/:id',
    {
      schema: {
        tags: ['me'],
        params: z.object({ id: z.uuid({ message: 'id must be a device id (UUID)' }) }),
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await ctx.db
        .delete(devices)
        .where(
          and(
            eq(devices.clientId, request.tenant.id),
            eq(devices.userId, me(request).id),
            eq(devices.deviceId, request.params.id),
          ),
        )
        .returning({ id: devices.id });
      if (deleted.length === 0) throw notFound('Device not found');
      return { ok: true as const };
    },
  );

  r.post(
    '/api/time',
    { schema: { tags: ['me'], response: { 200: TimeResponseSchema, ...errors } } },
    async (request) => {
      // Each ping credits one minute, at most once per 50 s, so extra tabs or retries cannot inflate the time.
      const result = await selectRows<{ seconds: number }>(
        ctx.db,
        sql`
      insert into ${activeTime} (client_id, user_id, day, seconds, last_ping_at)
      values (${request.tenant.id}, ${me(request).id}, (now() at time zone 'utc')::date, 60, now())
      on conflict (user_id, day) do update set
        seconds = ${activeTime.seconds} + case when now() - ${activeTime.lastPingAt} >= interval '50 seconds' then 60 else 0 end,
        last_ping_at = case when now() - ${activeTime.lastPingAt} >= interval '50 seconds' then now() else ${activeTime.lastPingAt} end
      returning seconds`,
      );
      return { seconds_today: Number(result[0]?.seconds ?? 0) };
    },
  );

  r.get(
    '/api/contract',
    { schema: { tags: ['me'], response: { 200: ContractResponseSchema, ...errors } } },
    async (request) => {
      const contractId = request.tenant.client.contract_id;
      if (!contractId) return { contract: null };
      const [row] = await ctx.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.clientId, request.tenant.id), eq(contracts.id, contractId)));
      return {
        contract: row ? { id: row.id, version: row.version, title: row.title, body: row.body } : null,
      };
    },
  );

  r.post(
    '/api/me/contract',
    {
      schema: {
        tags: ['me'],
        body: AcceptContractRequestSchema,
        response: { 200: MeResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (request.body.contract_id !== request.tenant.client.contract_id) {
        throw conflict(
          'This is not the current contract. Reload the page to read the latest version.',
          'stale_contract',
        );
      }
      await ctx.db
        .update(users)
        .set({ contractId: request.body.contract_id, contractAgreedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, me(request).id), eq(users.clientId, request.tenant.id)));
      return currentUser(request);
    },
  );

  r.post(
    '/api/me/onboarding',
    {
      schema: {
        tags: ['me'],
        body: CompleteOnboardingRequestSchema,
        response: { 200: MeResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = request.tenant.client.contract_id;
      if (current && me(request).contract_id !== current) {
        throw conflict('Accept the current contract before finishing onboarding.', 'contract_required');
      }
      const b = request.body;
      await ctx.db
        .update(users)
        .set({
          firstName: b.first_name,
          lastName: b.last_name,
          city: b.city || null,
          state: b.state || null,
          country: b.country || null,
          onboardedAt: sql`coalesce(${users.onboardedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, me(request).id), eq(users.clientId, request.tenant.id)));
      return currentUser(request);
    },
  );
}
