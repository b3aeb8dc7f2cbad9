import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';
import { isAcknowledged, listAll, writeLoop } from '../fixtures/writers.ts';

// Writes under read load on the embedded database (issue 9, item 2; `npm run bench` measures the full load): readers
// flood GET /api/feed while writers post, comment and react. It checks behaviour, never speed: every request is
// answered, with success or with 503 and Retry-After, and every acknowledged write is kept.

const SECONDS = 6;
const READERS = 50;
const WRITERS = 3;
/**
 * The server's designed bound, not a speed goal: a query waits at most DB_QUEUE_TIMEOUT_MS (5 s, or 0.1 s below) for the database
 * before its request is answered 503, so no request may go unanswered for 10 s. Autocannon counts a read unanswered
 * that long as a timeout; a write unanswered that long is given up and counts as unanswered.
 */
const UNANSWERED_MS = 10_000;

// The default bounds, and bounds so tight that the line overflows (some answers 503), so that path is checked too.
const BOUNDS = [
  { name: 'default bounds', env: { DB_QUEUE_TIMEOUT_MS: '5000', DB_QUEUE_LIMIT: '256' } },
  { name: 'tight bounds', env: { DB_QUEUE_TIMEOUT_MS: '100', DB_QUEUE_LIMIT: '8' } },
];

describe.each(BOUNDS)('writes under read load (embedded database, $name)', ({ env }) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every read and write (2xx, or 503 with Retry-After) and keeps every acknowledged write', async () => {
    const url = server.demoUrl;
    const reader = await apiLogin(url, 'member@demo.test');
    const writer = await apiLogin(url, 'lead@demo.test');
    const feed = await callApi<{ posts: { id: string }[] }>(url, '/api/feed', {
      token: writer.token,
      waitOutBusy: true,
    });
    expect(feed.status, 'GET /api/feed before the load').toBe(200);
    // Each writer comments on and reacts to a post of its own, so its last reaction is the one that stays.
    const targets = feed.body.posts.slice(0, WRITERS).map((p) => p.id);
    expect(targets).toHaveLength(WRITERS);

    const readStatuses: Record<number, number> = {};
    let busyReadsWithoutRetryAfter = 0;
    let isDone = false;
    const writers = targets.map((postId, w) =>
      writeLoop(url, writer.token, {
        isDone: () => isDone,
        label: `Load check ${w}`,
        postId,
        pauseMs: 50,
        timeoutMs: UNANSWERED_MS,
      }),
    );
    const reads = await autocannon({
      url: `${url}/api/feed`,
      connections: READERS,
      duration: SECONDS,
      timeout: UNANSWERED_MS / 1000,
      headers: { authorization: `Bearer ${reader.token}` },
      requests: [
        {
          method: 'GET',
          path: '/api/feed',
          onResponse: (status, _body, _context, headers) => {
            readStatuses[status] = (readStatuses[status] ?? 0) + 1;
            const hasRetryAfter = Object.keys(headers).some((name) => name.toLowerCase() === 'retry-after');
            if (status === 503 && !hasRetryAfter) busyReadsWithoutRetryAfter += 1;
          },
        },
      ],
    });
    isDone = true;
    const writes = (await Promise.all(writers)).flat();
    const acked = writes.filter(isAcknowledged);
    console.log(
      `${reads.requests.total} reads (${JSON.stringify(readStatuses)}), ${writes.length} writes: ` +
        `${acked.length} acknowledged, ${writes.filter((w) => w.status === 503).length} busy (503)`,
    );

    // Reads: only 200 or 503 with Retry-After; none unanswered for 10 s, no connection errors.
    expect(
      Object.keys(readStatuses).filter((s) => s !== '200' && s !== '503'),
      'read statuses',
    ).toEqual([]);
    expect(busyReadsWithoutRetryAfter, '503 reads without Retry-After').toBe(0);
    expect(reads.timeouts, 'reads unanswered for 10 s').toBe(0);
    expect(reads.errors, 'reads with a connection error').toBe(0);
    expect(reads.requests.total).toBeGreaterThan(0);

    // Writes: each answered 2xx or 503 with Retry-After (no other status, no connection error, none given up).
    const wrong = writes.filter((w) => !isAcknowledged(w) && !(w.status === 503 && w.retryAfter));
    expect(wrong, 'writes not answered 2xx or 503 with Retry-After').toEqual([]);
    expect(acked.length, 'writes acknowledged').toBeGreaterThan(0);

    // Every acknowledged post is there with its text.
    for (const w of acked.filter((x) => x.kind === 'post')) {
      const res = await callApi<{ post: { body: string } }>(url, `/api/posts/${w.id}`, {
        token: reader.token,
        waitOutBusy: true,
      });
      expect(res.status, `GET /api/posts/${w.id}`).toBe(200);
      expect(res.body.post.body).toBe(w.text);
    }
    for (const postId of targets) {
      const mine = writes.filter((w) => w.postId === postId);
      // Every acknowledged comment is listed under its post.
      const listed = new Set(
        (await listAll(url, reader.token, `/api/posts/${postId}/comments`, 'comments')).map((c) => c.id),
      );
      const lost = mine.filter((w) => w.kind === 'comment' && isAcknowledged(w) && !listed.has(w.id!));
      expect(lost, `acknowledged comments missing on ${postId}`).toEqual([]);
      // The reaction that stays is the last acknowledged one, or one sent after it whose answer was 503 (a request
      // refused after its write: the write stands, the answer says busy).
      const reactions = mine.filter((w) => w.kind === 'reaction');
      const lastAcked = reactions.findLastIndex(isAcknowledged);
      if (lastAcked < 0) continue;
      const allowed = reactions.slice(lastAcked).map((w) => w.text);
      const post = await callApi<{ post: { my_reaction: string | null } }>(url, `/api/posts/${postId}`, {
        token: writer.token,
        waitOutBusy: true,
      });
      expect(allowed, `reaction kept on ${postId}`).toContain(post.body.post.my_reaction);
    }
  });
});
