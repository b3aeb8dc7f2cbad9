import type { ModerationStatus, SafetyRuleKind } from '@rally/shared';
import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of brand safety; every key starts with the user id and the API path. */
export const safetyKeys = {
  all: (userId: string) => [userId, 'api/admin/safety'] as const,
  rules: (userId: string, kind: SafetyRuleKind, search: string) =>
    [userId, 'api/admin/safety', 'rules', { kind, search }] as const,
  allRules: (userId: string) => [userId, 'api/admin/safety', 'rules'] as const,
  settings: (userId: string) => [userId, 'api/admin/safety', 'settings'] as const,
  queue: (userId: string, status: ModerationStatus) =>
    [userId, 'api/admin/safety', 'queue', { status }] as const,
  allQueues: (userId: string) => [userId, 'api/admin/safety', 'queue'] as const,
};

/** After a rule changes: every word list. */
export const refreshRules = (queryClient: QueryClient, userId: string) =>
  queryClient.invalidateQueries({ queryKey: safetyKeys.allRules(userId) });
