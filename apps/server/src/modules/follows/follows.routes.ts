import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Follow and unfollow members; followers and following lists (issue 4; being built). */
export async function followsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
