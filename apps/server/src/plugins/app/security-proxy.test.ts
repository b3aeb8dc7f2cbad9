import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurity } from './security.ts';

/** A bare app with only the security hook, logging into `lines`. */
async function appWith(config: Parameters<typeof registerSecurity>[1], lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream }, trustProxy: config.trustProxy });
  registerSecurity(app, config);
  app.post('/ping', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const HTTP = { scheme: 'http', port: 3000 } as const;

describe('deployment warning: TRUST_PROXY', () => {
  it('warns once when a non-loopback host is written to (a login) over plain http without TRUST_PROXY', async () => {
    const lines: string[] = [];
    const app = await appWith({ trustProxy: false, publicUrl: HTTP }, lines);
    await app.inject({ method: 'POST', url: '/ping', headers: { host: 'localhost:3000' } });
    await app.inject({ method: 'POST', url: '/ping', headers: { host: '127.0.0.1' } });
    expect(lines).toEqual([]);
    await app.inject({ method: 'POST', url: '/ping', headers: { host: 'app.example.com' } });
    await app.inject({ method: 'POST', url: '/ping', headers: { host: 'app.example.com' } });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toBe(
      'Serving app.example.com over plain HTTP without TRUST_PROXY: session cookies are not marked Secure. ' +
        'Behind a TLS proxy set TRUST_PROXY=1 (and PUBLIC_SCHEME=https).',
    );
    await app.close();
  });

  it('stays quiet behind a trusted proxy or with https links', async () => {
    for (const config of [
      { trustProxy: true, publicUrl: HTTP },
      { trustProxy: false, publicUrl: { scheme: 'https', port: 443 } as const },
    ]) {
      const lines: string[] = [];
      const app = await appWith(config, lines);
      await app.inject({
        method: 'POST',
        url: '/ping',
        headers: { host: 'app.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(lines).toEqual([]);
      await app.close();
    }
  });
});
