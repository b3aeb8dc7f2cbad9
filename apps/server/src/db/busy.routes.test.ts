import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { headersFor } from '../test/factories.ts';

// When the database's line is full or too slow, a request is answered 503 with Retry-After at once, never left
// hanging and never a 500 (Drizzle wraps the scheduler's refusal in an error of its own).

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ DB_QUEUE_TIMEOUT_MS: '150', DB_QUEUE_LIMIT: '2' });
  token = await t.login('member@demo.test');
});
afterAll(() => t.close());

/** Holds every turn of the database (PGlite's one, or the pool's) until the returned function is called. */
function occupyDatabase() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const turns = t.ctx.database.kind === 'pglite' ? 1 : t.ctx.config.dbQueue.poolSize;
  const running = Array.from({ length: turns }, () => t.ctx.database.scheduler.run(() => held));
  return async () => {
    release();
    await Promise.all(running);
  };
}

describe('a busy database answers 503 with Retry-After', () => {
  it('after waiting longer than DB_QUEUE_TIMEOUT_MS, for reads and writes', async () => {
    const free = occupyDatabase();
    try {
      const [read, write] = await Promise.all([
        t.app.inject({ url: '/api/feed', headers: headersFor(token) }),
        t.app.inject({
          method: 'POST',
          url: '/api/posts',
          headers: headersFor(token),
          payload: { body: 'Hi' },
        }),
      ]);
      for (const res of [read, write]) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json()).toEqual({
          message: 'The service is busy (waited over 0.15 s for the database). Try again in a moment.',
          code: 'busy',
        });
      }
    } finally {
      await free();
    }
    expect((await t.app.inject({ url: '/api/feed', headers: headersFor(token) })).statusCode).toBe(200);
  });

  it('at once when DB_QUEUE_LIMIT pieces of work already wait', async () => {
    const free = occupyDatabase();
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.app.inject({ url: '/api/feed', headers: headersFor(token) })),
      );
      const full = answers.filter(
        (res) => res.statusCode === 503 && /reads waiting/.test(res.json().message),
      );
      expect(full.length).toBeGreaterThan(0);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
      }
    } finally {
      await free();
    }
  });
});
