import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../../plugins/app/auth.ts';
import { manageSafety } from './safety.policy.ts';
import { subscribeSafetyChanges } from './safety.ts';
import { safetyQueueRoutes } from './safety-queue.routes.ts';
import { safetyRulesRoutes } from './safety-rules.routes.ts';
import { safetySettingsRoutes } from './safety-settings.routes.ts';

/** Admin brand safety: word lists, settings, the "test a text" check and the moderation queue (ADMIN, SPEC 6). */
export async function adminSafetyRoutes(app: FastifyInstance, ctx: AppContext) {
  // Every instance drops its cached lists when any instance changes them.
  subscribeSafetyChanges(ctx.bus);
  // Role before input validation: an analyst or member learns nothing from a 400.
  app.addHook('preValidation', async (request) => authorize(manageSafety(requireUser(request))));
  await safetyRulesRoutes(app, ctx);
  await safetySettingsRoutes(app, ctx);
  await safetyQueueRoutes(app, ctx);
}
