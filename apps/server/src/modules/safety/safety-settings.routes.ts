import {
  ErrorResponseSchema,
  getSafetyOutcome,
  SafetyCheckRequestSchema,
  SafetyCheckResponseSchema,
  SafetySettingsResponseSchema,
  SafetySettingsSchema,
} from '@rally/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getFlagAction, setFlagAction } from './safety.repository.ts';
import { announceSafetyChange, checkClientText } from './safety.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** What happens to flagged text, and the "test a text" preview of the client's lists. */
export async function safetySettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/safety/settings',
    { schema: { tags: ['admin'], response: { 200: SafetySettingsResponseSchema, ...errors } } },
    async (request) => ({
      settings: { flag_action: await getFlagAction(ctx.db, { clientId: request.tenant.id }) },
    }),
  );

  r.put(
    '/api/admin/safety/settings',
    {
      schema: {
        tags: ['admin'],
        body: SafetySettingsSchema,
        response: { 200: SafetySettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await setFlagAction(ctx.db, { clientId: request.tenant.id, flagAction: request.body.flag_action });
      await announceSafetyChange(ctx.bus, request.tenant.id);
      return { settings: { flag_action: request.body.flag_action } };
    },
  );

  r.post(
    '/api/admin/safety/check',
    {
      schema: {
        tags: ['admin'],
        body: SafetyCheckRequestSchema,
        response: { 200: SafetyCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { screen, flagAction } = await checkClientText(ctx.db, request.tenant.id, request.body.text);
      const outcome = getSafetyOutcome(screen);
      return {
        outcome,
        is_held: outcome === 'flagged' && flagAction === 'hold',
        blocked: screen.blocked,
        flagged: screen.flagged,
        allowed: screen.allowed,
        matches: screen.matches,
      };
    },
  );
}
