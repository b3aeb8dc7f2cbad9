import {
  ChatSeenResponseSchema,
  ErrorResponseSchema,
  MetricsSummarySchema,
  NotificationsResponseSchema,
  ProjectsResponseSchema,
  StatsResponseSchema,
  VersionResponseSchema,
} from '@rally/shared';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import type { z } from 'zod';

/** The version the tests' build reports (vitest.config.ts defines __APP_VERSION__ as 'test'): no "Update Ready". */
export const TEST_APP_VERSION = 'test';

/**
 * A JSON answer that passed the API contract: `body` is parsed with the shared schema the server answers with,
 * so a handler (and the test using it) fails as soon as the contract and the fixture drift apart.
 */
export function answer<S extends z.ZodType>(schema: S, body: z.input<S>, init?: ResponseInit) {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, init);
}

/** A failed call as the server answers it: `{message, code?}` with the status. */
export function failure(status: number, message: string, code?: string) {
  return HttpResponse.json(ErrorResponseSchema.parse({ message, code }) as JsonBodyType, { status });
}

/** Home's figures of a member who has done nothing yet. */
export const EMPTY_SUMMARY = {
  week: { start: '2026-11-23', points: 0, rank: null },
  streak_weeks: 0,
  next: [],
  pending_trainings: 0,
  unconfirmed_shares: 0,
  fresh: [],
};

/**
 * What the app shell asks for by itself while someone is signed in (version check, notification dot, chat dot,
 * trainings count and the home page's projects, week and badges): quiet, empty answers. Tests override them with server.use().
 */
export const appShellHandlers = [
  http.get('/api/version', () => answer(VersionResponseSchema, { version: TEST_APP_VERSION })),
  http.get('/api/notifications', () =>
    answer(NotificationsResponseSchema, { notifications: [], unread: 0, next_cursor: null }),
  ),
  http.get('/api/chat/seen', () => answer(ChatSeenResponseSchema, { unread: 0, first: null, threads: [] })),
  http.get('/api/projects', () => answer(ProjectsResponseSchema, { projects: [] })),
  http.get('/api/metrics/summary', () => answer(MetricsSummarySchema, EMPTY_SUMMARY)),
  http.get('/api/stats', () => answer(StatsResponseSchema, { earnedBadges: [], unearnedBadges: [] })),
];
