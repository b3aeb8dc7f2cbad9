import { PREFETCH_GLOBAL, PREFETCH_MAX_AGE_MS, type PrefetchedAnswers } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { takePrefetched } from './prefetch';

function page(token: string | null, at = 1_000) {
  const answer = Promise.resolve(new Response('{}'));
  const prefetched: PrefetchedAnswers<Response> = { token, at, responses: { '/api/me': answer } };
  return { source: { [PREFETCH_GLOBAL]: prefetched }, answer };
}

describe('takePrefetched', () => {
  it('hands over an answer once, for the URL and token it was asked with', () => {
    const { source, answer } = page('tok');
    expect(takePrefetched('/api/projects?type=all', 'tok', source, 1_500)).toBeNull();
    expect(takePrefetched('/api/me', 'tok', source, 1_500)).toBe(answer);
    expect(takePrefetched('/api/me', 'tok', source, 1_500)).toBeNull();
  });

  it('refuses an answer asked with another token (signed in or out since) and drops it', () => {
    const { source } = page(null);
    expect(takePrefetched('/api/me', 'new-token', source, 1_500)).toBeNull();
    expect(source[PREFETCH_GLOBAL].responses).toEqual({});
  });

  it('refuses an answer older than PREFETCH_MAX_AGE_MS', () => {
    const { source } = page('tok', 1_000);
    expect(takePrefetched('/api/me', 'tok', source, 1_000 + PREFETCH_MAX_AGE_MS + 1)).toBeNull();
  });

  it('answers null on a page without the boot script', () => {
    expect(takePrefetched('/api/me', 'tok', {}, 0)).toBeNull();
  });
});
