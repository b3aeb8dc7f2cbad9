import type { DashboardPeriod, DashboardResponse } from '@rally/shared';
import { LRUCache } from 'lru-cache';
import type { DashboardScope } from './dashboard.policy.ts';

/**
 * How long a dashboard answer is reused. Ledger, share and review events do not invalidate it: the figures are
 * period sums over thousands of members, so an answer up to this old is as useful as a fresh one, and a busy
 * program's events would otherwise empty the cache many times a second.
 */
export const DASHBOARD_CACHE_TTL_MS = 30_000;
/** Answers kept at most (one per client, viewer scope, period and day; a few KB each). */
export const DASHBOARD_CACHE_MAX = 500;

/** What one cached answer is for. */
export interface DashboardCacheKey {
  clientId: string;
  scope: DashboardScope;
  /** Whether the viewer sees the applicants queue (SPEC 6 leadOnly): part of the answer. */
  seesApplicants: boolean;
  period: DashboardPeriod;
  /** The period's last day: an answer never outlives the day it was computed for. */
  to: string;
}

/**
 * The key of an answer: a team lead's answer is stored under their own (sorted) team ids, so it is never served
 * to an admin or to a lead of other teams, and no admin answer is ever served to a lead.
 */
export function dashboardCacheKey(k: DashboardCacheKey): string {
  const scope = k.scope.kind === 'teams' ? `teams:${[...k.scope.teamIds].sort().join(',')}` : 'client';
  return JSON.stringify([k.clientId, scope, k.seesApplicants, k.period, k.to]);
}

/** A bounded, short-lived store of dashboard answers. */
export interface DashboardCache {
  /**
   * The cached answer for the key, or the one `load` computes; callers asking at once while it loads share that
   * one load (a burst of admins opening the dashboard reads the rollups once). A failed load is not kept.
   */
  get(key: DashboardCacheKey, load: () => Promise<DashboardResponse>): Promise<DashboardResponse>;
  /** Answers held now. */
  size(): number;
}

/** A cache of at most `max` answers, each reused for `ttlMs`, least recently used dropped first. */
export function createDashboardCache({
  max = DASHBOARD_CACHE_MAX,
  ttlMs = DASHBOARD_CACHE_TTL_MS,
}: {
  max?: number;
  ttlMs?: number;
} = {}): DashboardCache {
  const cache = new LRUCache<string, Promise<DashboardResponse>>({ max, ttl: ttlMs });
  return {
    get(key, load) {
      const k = dashboardCacheKey(key);
      const hit = cache.get(k);
      if (hit) return hit;
      const loaded = load();
      cache.set(k, loaded);
      loaded.catch(() => {
        if (cache.get(k) === loaded) cache.delete(k);
      });
      return loaded;
    },
    size: () => cache.size,
  };
}
