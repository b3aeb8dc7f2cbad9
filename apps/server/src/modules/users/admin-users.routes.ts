import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Admin: the client's users list (ADMIN, ANALYST) (issue 4; being built). */
export async function adminUsersRoutes(_app: FastifyInstance, _ctx: AppContext) {}
