import { PREFETCH_GLOBAL, PREFETCH_MAX_AGE_MS, type PrefetchedAnswers } from '@rally/shared';

/**
 * The answer the page's boot script (inlined by the server, see @rally/shared constants/prefetch.ts) already asked
 * for this URL, if it carried the same token and is fresh; each answer is taken once. Null: ask the server.
 */
export function takePrefetched(
  url: string,
  token: string | null,
  source: { [PREFETCH_GLOBAL]?: PrefetchedAnswers<Response> } = globalThis as never,
  now = Date.now(),
): Promise<Response | null> | null {
  const prefetched = source[PREFETCH_GLOBAL];
  const answer = prefetched?.responses[url];
  if (!prefetched || !answer) return null;
  delete prefetched.responses[url];
  if (prefetched.token !== token || now - prefetched.at > PREFETCH_MAX_AGE_MS) return null;
  return answer;
}
