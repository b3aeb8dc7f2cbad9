import { UPLOAD_CONCURRENT_MAX, UPLOAD_RATE_MAX, UPLOAD_RATE_WINDOW_MS } from '@rally/shared';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/** Why an upload is not started now, and in how many seconds to try again. */
export interface UploadRefusal {
  message: string;
  retryAfterSeconds: number;
}

/** How long a member told to wait for an upload in progress waits before trying again. */
const BUSY_RETRY_SECONDS = 5;

/**
 * Counts an upload attempt against the member's quota: UPLOAD_RATE_MAX per window, refused attempts included.
 * Windows are aligned to the clock so the answer can say exactly when the next one opens.
 */
export async function hitUploadRate(
  limiter: RateLimiter,
  userId: string,
  now = Date.now(),
): Promise<UploadRefusal | undefined> {
  const window = Math.floor(now / UPLOAD_RATE_WINDOW_MS);
  const count = await limiter.hit(`upload:${userId}:${window}`, UPLOAD_RATE_WINDOW_MS);
  if (count <= UPLOAD_RATE_MAX) return undefined;
  const retryAfterSeconds = Math.ceil(((window + 1) * UPLOAD_RATE_WINDOW_MS - now) / 1000);
  return {
    message: `You can upload at most ${UPLOAD_RATE_MAX} files in ${UPLOAD_RATE_WINDOW_MS / 60_000} minutes. Try again in ${Math.ceil(retryAfterSeconds / 60)} min.`,
    retryAfterSeconds,
  };
}

/** Uploads in progress per member on this server. */
export interface UploadSlots {
  /** Takes a slot for the member: the function that frees it, or a refusal when all are taken. */
  take(userId: string): (() => void) | UploadRefusal;
}

/**
 * At most UPLOAD_CONCURRENT_MAX uploads per member at once. Counted per process on purpose: what it protects is
 * this process's memory, disk and sockets, which parallel 100 MB uploads by one member would otherwise pin.
 */
export function createUploadSlots(max = UPLOAD_CONCURRENT_MAX): UploadSlots {
  const busy = new Map<string, number>();
  return {
    take(userId) {
      const taken = busy.get(userId) ?? 0;
      if (taken >= max) {
        return {
          message: `You already have ${max} uploads in progress: wait for one to finish, then try again.`,
          retryAfterSeconds: BUSY_RETRY_SECONDS,
        };
      }
      busy.set(userId, taken + 1);
      let isFreed = false;
      return () => {
        if (isFreed) return;
        isFreed = true;
        const left = (busy.get(userId) ?? 1) - 1;
        if (left > 0) busy.set(userId, left);
        else busy.delete(userId);
      };
    },
  };
}
