import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../db/scheduler.ts';
import { forbidden, HttpError, hiddenAs, notFound } from './errors.ts';

const caught = (error: unknown) => {
  try {
    hiddenAs('Comment not found')(error);
  } catch (thrown) {
    return thrown;
  }
  throw new Error('hiddenAs returned');
};

describe('hiddenAs', () => {
  it('answers what the viewer may not see (403, 404) as its own 404', () => {
    for (const error of [notFound('Post not found'), forbidden('Not yours')]) {
      const thrown = caught(error);
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({ statusCode: 404, message: 'Comment not found' });
    }
  });

  it('passes a busy database on as it is, so the answer stays 503 with Retry-After', () => {
    const busy = new DatabaseBusyError('waited too long');
    expect(caught(busy)).toBe(busy);
    expect(busy).toMatchObject({ statusCode: 503, retryAfterSeconds: 1 });
  });

  it('passes any other failure on unchanged', () => {
    const failure = new Error('connection lost');
    expect(caught(failure)).toBe(failure);
    const conflictError = new HttpError(409, 'held', 'post_held');
    expect(caught(conflictError)).toBe(conflictError);
  });
});
