import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Admin: create, edit, delete teams and set their members (ADMIN) (issue 4; being built). */
export async function adminTeamsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
