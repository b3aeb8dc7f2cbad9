// B9 (issue 12): chat delivery latency over Server-Sent Events and a conversation history page.
// 1,000 members of one team channel each hold GET /api/notifications/stream open; a member posts messages one after
// another and every stream times the `chat.message` event from just before the POST to its arrival. The same run
// is made on the in-process bus and on the Redis bus (REDIS_URL, default redis://127.0.0.1:6379), and the history
// page GET …/messages?limit=20&cursor=<deep> is compared with the same rows read raw through the driver.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, DURATION, measure, startRally } from './lib.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_CHAT_SUBSCRIBERS ?? 1000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 30);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const tsx = (args) => execFileSync('node_modules/.bin/tsx', args, { encoding: 'utf8' }).trim();

/** Opens one event stream; calls onEvent(name, data) for each event. Resolves once the stream answered 200. */
function openStream(url, token, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}/api/notifications/stream`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (name) onEvent(name, data);
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** One bus: starts Rally on a copy of the data, connects the streams, posts, and answers p50/p95 in ms. */
async function measureLatency(seedDir, seed, tokens, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rally-bench-chat-run-'));
  cpSync(seedDir, dataDir, { recursive: true });
  const rally = await startRally({ DATA_DIR: dataDir, JOB_RUNNER: '0', ...env });
  const requests = [];
  try {
    const sentAt = new Map();
    const arrivals = new Map();
    const latencies = [];
    const onEvent = (name, data) => {
      if (name !== 'chat.message' || !data) return;
      const id = JSON.parse(data).message_id;
      const at = performance.now();
      const start = sentAt.get(id);
      // An event may arrive before the POST's answer tells its id: kept until the id is known.
      if (start === undefined) arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
      else latencies.push(at - start);
    };
    const [writer, ...rest] = tokens;
    for (let i = 0; i < SUBSCRIBERS; i += 50) {
      const batch = rest.slice(i, Math.min(i + 50, SUBSCRIBERS));
      requests.push(...(await Promise.all(batch.map((token) => openStream(rally.url, token, onEvent)))));
    }
    await new Promise((r) => setTimeout(r, 500));
    for (let m = 0; m < MESSAGES; m++) {
      const before = latencies.length;
      const t0 = performance.now();
      const res = await fetch(`${rally.url}/api/chat/conversations/${seed.conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ client_message_id: crypto.randomUUID(), body: `Bench message ${m}` }),
      });
      if (res.status !== 201) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
      const { message } = await res.json();
      sentAt.set(message.id, t0);
      for (const at of arrivals.get(message.id) ?? []) latencies.push(at - t0);
      arrivals.delete(message.id);
      const deadline = performance.now() + 10_000;
      while (latencies.length - before < SUBSCRIBERS && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
      if (latencies.length - before < SUBSCRIBERS)
        throw new Error(`message ${m}: ${latencies.length - before} of ${SUBSCRIBERS} streams got it`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const sorted = latencies.sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
  } finally {
    for (const req of requests) req.destroy();
    rally.child.kill();
  }
}

export async function benchChatLive() {
  // The in-process runs must not inherit a Redis bus from the shell.
  delete process.env.REDIS_URL;
  const seedDir = mkdtempSync(join(tmpdir(), 'rally-bench-chat-'));
  const tokensFile = join(mkdtempSync(join(tmpdir(), 'rally-bench-chat-tokens-')), 'tokens.json');
  const seed = JSON.parse(tsx(['bench/seed-chat.ts', seedDir, tokensFile]).split('\n').at(-1));
  const tokens = JSON.parse(readFileSync(tokensFile, 'utf8'));
  if (tokens.length < SUBSCRIBERS + 1)
    throw new Error(`need ${SUBSCRIBERS + 1} members, have ${tokens.length}`);

  // Alternating, twice each, as the other comparisons run.
  const runs = { inProcess: [], redis: [] };
  for (let round = 0; round < 2; round++) {
    runs.inProcess.push(await measureLatency(seedDir, seed, tokens, {}));
    runs.redis.push(await measureLatency(seedDir, seed, tokens, { REDIS_URL }));
  }
  const mean = (xs, key) => xs.reduce((a, x) => a + x[key], 0) / xs.length;
  const line = (name, xs) =>
    `${name.padEnd(34)} p50 ${mean(xs, 'p50').toFixed(1).padStart(6)} ms  p95 ${mean(xs, 'p95').toFixed(1).padStart(6)} ms  (${xs[0].n} arrivals a run)`;
  console.log(`B9 chat: ${SUBSCRIBERS} SSE subscribers of one channel, ${MESSAGES} messages a run`);
  console.log(line('  in-process bus', runs.inProcess));
  console.log(line('  Redis bus', runs.redis));
  console.log(
    `  Redis / in-process                 p50 ${(mean(runs.redis, 'p50') / mean(runs.inProcess, 'p50')).toFixed(2)}×  p95 ${(mean(runs.redis, 'p95') / mean(runs.inProcess, 'p95')).toFixed(2)}×`,
  );

  // History: a page of 20 halfway down 5,000 messages, against the same rows read raw by keyset.
  const pageDir = mkdtempSync(join(tmpdir(), 'rally-bench-chat-page-'));
  const rawDir = mkdtempSync(join(tmpdir(), 'rally-bench-chat-raw-'));
  cpSync(seedDir, pageDir, { recursive: true });
  cpSync(seedDir, rawDir, { recursive: true });
  const rally = await startRally({ DATA_DIR: pageDir, JOB_RUNNER: '0' });
  try {
    const auth = { authorization: `Bearer ${tokens[1]}` };
    await compare(
      'GET chat history page (5,000) vs raw SQL',
      () =>
        measure(
          `${rally.url}/api/chat/conversations/${seed.conversationId}/messages?limit=20&cursor=${seed.cursor}`,
          auth,
        ),
      async () =>
        Number(tsx(['bench/raw-chat.ts', rawDir, seed.conversationId, seed.cursor, String(DURATION)])),
    );
  } finally {
    rally.child.kill();
  }
}

// Run alone: node bench/chat-live.mjs (after npm run build).
if (import.meta.url === `file://${process.argv[1]}`) await benchChatLive();
