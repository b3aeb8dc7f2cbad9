import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Admin brand safety: word lists, settings, moderation queue (ADMIN) (issue 4; being built). */
export async function adminSafetyRoutes(_app: FastifyInstance, _ctx: AppContext) {}
