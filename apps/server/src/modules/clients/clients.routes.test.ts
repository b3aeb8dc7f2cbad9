import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/bootstrap', () => {
  it('answers the Demo client on its host with defaults filled in', async () => {
    const res = await t.app.inject({ url: '/api/bootstrap', headers: { host: `${DEMO_HOST}:3000` } });
    expect(res.statusCode).toBe(200);
    const { client } = res.json();
    expect(client.name).toBe('Demo');
    expect(client.config.primary_color).toBe('#007E97');
    expect(client.config.secondary_color).toBe('#6BF15C');
    expect(client.config.home_image).toEqual({ class: null, width: 70, height: 70 });
    expect(client.features.map((f: { id: string }) => f.id).sort()).toEqual([
      'chat',
      'community',
      'ecommerce',
      'leaderboard',
      'open',
      'training',
    ]);
    expect(client.channels).toEqual(['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter']);
    expect(client.has_teams).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers the white-labelled Acme client with its words and role labels', async () => {
    const res = await t.app.inject({ url: '/api/bootstrap', headers: { host: ACME_HOST } });
    const { client } = res.json();
    expect(client.name).toBe('Acme');
    expect(client.config.white_label).toBe(true);
    expect(client.config.primary_color).toBe('#C2410C');
    expect(client.strings['words.project']).toBe('Mission');
    expect(client.strings['words.projects']).toBe('Missions');
    expect(client.strings['words.team']).toBe('Squad');
    expect(client.strings['roles.admin']).toBe('Mission Control');
  });

  it('serves the default client on an unknown host', async () => {
    const res = await t.app.inject({ url: '/api/bootstrap', headers: { host: 'unknown.example' } });
    expect(res.json().client.name).toBe('Demo');
  });
});

describe('GET /api/version', () => {
  it('answers the product version', async () => {
    const res = await t.app.inject({ url: '/api/version' });
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/favicon/{clientId}', () => {
  it('answers a default icon in the client colour, and the default for an unknown or malformed id', async () => {
    const acme = (await t.app.inject({ url: '/api/bootstrap', headers: { host: ACME_HOST } })).json().client;
    const res = await t.app.inject({ url: `/api/favicon/${acme.id}`, headers: { host: ACME_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('#C2410C');
    // Another client's host never serves Acme's icon or colour.
    const elsewhere = await t.app.inject({ url: `/api/favicon/${acme.id}`, headers: { host: DEMO_HOST } });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).not.toContain('#C2410C');
    expect(elsewhere.body).toContain('#007E97');
    const unknown = await t.app.inject({ url: '/api/favicon/0190a0a0-0000-7000-8000-000000000000' });
    expect(unknown.body).toContain('#007E97');
    const malformed = await t.app.inject({ url: '/api/favicon/not-an-id' });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toContain('#007E97');
  });
});
