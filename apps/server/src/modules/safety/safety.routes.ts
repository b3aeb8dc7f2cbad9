import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../lib/authorize.ts';
import { subscribeSafetyChanges } from './safety.ts';
import { safetyQueueRoutes } from './safety-queue.routes.ts';
import { safetyRulesRoutes } from './safety-rules.routes.ts';
import { safetySettingsRoutes } from './safety-settings.routes.ts';

/** Admin brand safety: word lists, settings, the "test a text" check and the moderation queue (ADMIN, SPEC 6). */
export async function adminSafetyRoutes(app: FastifyInstance, ctx: AppContext) {
  // Every instance drops its cached lists when any instance changes them.
  subscribeSafetyChanges(ctx.bus);
  // Role before input validation: an analyst or member learns nothing from a 400.
  app.addHook('preValidation', async (request) => requireRole(request, ['ADMIN'], 'manage brand safety'));
  await safetyRulesRoutes(app, ctx);
  await safetySettingsRoutes(app, ctx);
  await safetyQueueRoutes(app, ctx);
}
