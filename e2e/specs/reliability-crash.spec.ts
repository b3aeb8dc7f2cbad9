import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { type OwnedServer, startServerOn } from '../fixtures/owned-server.ts';
import { isAcknowledged, listAll, type Write, writeLoop } from '../fixtures/writers.ts';

// kill -9 while members write, on the embedded database: every post the server acknowledged (2xx) must be there,
// exactly once, after a restart on the same data directory. PGlite does not fsync (NOTES: "PGlite durability"), so
// this also tells whether it restarts at all after a kill; a failed restart fails the test with the server's output.

const CYCLES = 3;
const WRITERS = 3;
/** How long the writers write before the kill (the kill comes while their requests are in flight). */
const WRITE_MS = 1_500;

// A first start seeds the demo (about 22 s) and each cycle restarts the server: about 50 s alone, and up to twice that
// beside another spec on CI's two cores (it passed 60 s once there).
vi.setConfig({ testTimeout: 180_000 });

const dataDir = mkdtempSync(join(tmpdir(), 'rally-e2e-crash-'));
let server: OwnedServer | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during writes (embedded database)', () => {
  it('keeps every acknowledged post, exactly once, through kill and restart, and serves normally after', async () => {
    server = await startServerOn(dataDir);
    console.log(`first start (demo data seeded) took ${server.startMs} ms`);
    const acknowledged = new Map<string, string>(); // post id → text
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const running = server;
      const { token } = await apiLogin(running.url, 'lead@demo.test');
      let killed = false;
      const writers = Array.from({ length: WRITERS }, (_, w) =>
        writeLoop(running.url, token, { isDone: () => killed, label: `Crash check ${cycle}.${w}` }),
      );
      await new Promise((r) => setTimeout(r, WRITE_MS));
      killed = true;
      await running.kill('SIGKILL');
      const writes: Write[] = (await Promise.all(writers)).flat();
      const acked = writes.filter(isAcknowledged);
      // Before the kill every write is answered 201; after it, only connection errors (no answer) are expected.
      expect(
        writes.filter((w) => w.status !== 0 && !isAcknowledged(w)),
        'writes answered with an error',
      ).toEqual([]);
      expect(acked.length, 'posts acknowledged before the kill').toBeGreaterThan(0);
      for (const w of acked) acknowledged.set(w.id!, w.text);

      server = await startServerOn(dataDir);
      const reader = await apiLogin(server.url, 'member@demo.test');
      for (const w of acked) {
        const res = await callApi<{ post: { id: string; body: string } }>(server.url, `/api/posts/${w.id}`, {
          token: reader.token,
        });
        expect(res.status, `GET /api/posts/${w.id} after restart ${cycle}`).toBe(200);
        expect(res.body.post.body).toBe(w.text);
      }
      // Every text of these writers is unique: each acknowledged one is in the feed exactly once, under its id,
      // and no text (acknowledged or cut off) was written twice.
      const ours = (await listAll(server.url, reader.token, '/api/feed', 'posts')).filter((p) =>
        p.body.startsWith('Crash check '),
      );
      const countByText = new Map<string, number>();
      for (const p of ours) countByText.set(p.body, (countByText.get(p.body) ?? 0) + 1);
      expect(
        [...countByText].filter(([, n]) => n > 1),
        'texts found more than once',
      ).toEqual([]);
      const idByText = new Map(ours.map((p) => [p.body, p.id]));
      const missing = [...acknowledged].filter(([id, text]) => idByText.get(text) !== id);
      expect(missing, 'acknowledged posts missing from the feed').toEqual([]);
      const cutOff = writes.filter((w) => !isAcknowledged(w));
      console.log(
        `cycle ${cycle}: ${acked.length} posts acknowledged, ${cutOff.length} cut off by the kill (${cutOff.filter((w) => idByText.has(w.text)).length} of them stored); restart took ${server.startMs} ms`,
      );
    }

    // And it serves normally: a new post is written and read back.
    const { token } = await apiLogin(server.url, 'lead@demo.test');
    const created = await callApi<{ post: { id: string } }>(server.url, '/api/posts', {
      method: 'POST',
      token,
      body: { body: 'After the crashes' },
    });
    expect(created.status).toBe(201);
    const read = await callApi(server.url, `/api/posts/${created.body.post.id}`, { token });
    expect(read.status).toBe(200);
    expect((await callApi(server.url, '/api/feed', { token })).status).toBe(200);
  });
});
