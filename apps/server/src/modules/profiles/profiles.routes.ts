import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Public member profiles (issue 4; being built). */
export async function profilesRoutes(_app: FastifyInstance, _ctx: AppContext) {}
