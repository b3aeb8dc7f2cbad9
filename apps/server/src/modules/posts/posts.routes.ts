import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Feed: posts, comments, reactions, pins, the following and team feeds (issue 4; being built). */
export async function postsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
