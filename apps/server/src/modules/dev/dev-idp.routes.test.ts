import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { DEV_IDP_PATH } from './dev-idp.routes.ts';

/** The demo identity provider (issue 24): a real OpenID Connect provider, answering only this machine. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const discovery = `${DEV_IDP_PATH}/.well-known/openid-configuration`;

describe('/dev/idp', () => {
  it("publishes its OpenID Connect discovery on the demo's origin, with PKCE", async () => {
    const res = await t.app.inject({
      url: discovery,
      headers: { host: DEMO_HOST },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(`http://localhost:${t.ctx.config.publicUrl.port}${DEV_IDP_PATH}`);
    expect(doc.authorization_endpoint).toBe(`${doc.issuer}/auth`);
    expect(doc.code_challenge_methods_supported).toContain('S256');
  });

  it('answers 404 to any other machine, on every path', async () => {
    for (const url of [discovery, `${DEV_IDP_PATH}/auth`, `${DEV_IDP_PATH}/interaction/x`]) {
      const res = await t.app.inject({ url, headers: { host: DEMO_HOST }, remoteAddress: '203.0.113.7' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('The demo identity provider only answers on this machine');
    }
  });
});
