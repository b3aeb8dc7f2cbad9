import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Leaderboards of members and teams by period and project (issue 4; being built). */
export async function leaderboardRoutes(_app: FastifyInstance, _ctx: AppContext) {}
