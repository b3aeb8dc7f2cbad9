import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './api-client';

type Call = { url: string; init: RequestInit };

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(
  responses: Response[],
  token: string | null = 'tok',
  takePrefetched?: (url: string, token: string | null) => Promise<Response | null> | null,
) {
  const calls: Call[] = [];
  let stored = token;
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({
    fetch,
    getToken: () => stored,
    clearToken: () => {
      stored = null;
    },
    retryDelayMs: 0,
    takePrefetched,
  });
  return { api, calls, token: () => stored };
}

const user = {
  id: 'u1',
  email: 'member@demo.test',
  username: null,
  display_username: false,
  first_name: 'Mia',
  last_name: 'Member',
  image_url: null,
  city: null,
  state: null,
  country: null,
  bio: null,
  role: 'USER',
  client_id: 'c1',
  client: {
    id: 'c1',
    name: 'Demo',
    image_url: null,
    home_image_url: null,
    features: [],
    channels: [],
    contract_id: null,
    config: {
      branch_key: null,
      primary_color: '#007E97',
      secondary_color: '#6BF15C',
      terms_url: null,
      home_image: { class: null, width: 70, height: 70 },
      project: { singular: 'Project', plural: 'Projects' },
      team: { singular: 'Team', plural: 'Teams' },
      role_labels: {},
      i18n_namespace: null,
      paused: false,
      pause_override: [],
      white_label: false,
      community_variant: 'full',
    },
    has_teams: false,
    strings: {},
  },
  contract_id: null,
  contract_agreed_at: null,
  onboarded_at: null,
  email_verified_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  team_tags: [],
  applications: [],
  membership: [],
  is_ghost: false,
};

describe('api client', () => {
  it('sends JSON with the bearer token and parses the answer', async () => {
    const { api, calls } = setup([json(200, { ok: true })]);
    const result = await api.post('/api/things', { a: 1 }, { schema: z.object({ ok: z.boolean() }) });
    expect(result).toEqual({ ok: true });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe('/api/things');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['content-type']).toBe('application/json');
  });

  it('sends no authorization header without a token and encodes the query', async () => {
    const { api, calls } = setup([json(200, {})], null);
    await api.get('/api/notifications', { query: { limit: 10, cursor: undefined } });
    expect(calls[0]?.url).toBe('/api/notifications?limit=10');
    const headers = (calls[0]?.init.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });

  it('retries a safe request once on a retry status', async () => {
    const { api, calls } = setup([json(503, { message: 'busy' }), json(200, { projects: [] })]);
    await expect(api.get('/api/projects')).resolves.toEqual({ projects: [] });
    expect(calls).toHaveLength(2);
  });

  it('gives up after the default single retry with the server message', async () => {
    const { api, calls } = setup([
      json(502, { message: 'Bad gateway' }),
      json(502, { message: 'Still bad' }),
    ]);
    await expect(api.get('/api/projects')).rejects.toMatchObject({ status: 502, message: 'Still bad' });
    expect(calls).toHaveLength(2);
  });

  it('does not retry unsafe requests or statuses outside the retry list', async () => {
    const post = setup([json(503, { message: 'busy' })]);
    await expect(post.api.post('/api/time')).rejects.toBeInstanceOf(ApiError);
    expect(post.calls).toHaveLength(1);
    const notFound = setup([json(404, { message: 'Not found' })]);
    await expect(notFound.api.get('/api/x')).rejects.toMatchObject({ status: 404 });
    expect(notFound.calls).toHaveLength(1);
  });

  it('raises the server message of a failed list call', async () => {
    const { api } = setup([json(400, { message: 'limit must be a number', code: 'bad_limit' })]);
    const error = await api.get('/api/notifications', { query: { limit: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'limit must be a number', status: 400, code: 'bad_limit' });
  });

  it('returns the user from /api/me', async () => {
    const { api, calls } = setup([json(200, { user })]);
    await expect(api.getMe()).resolves.toMatchObject({ id: 'u1', email: 'member@demo.test' });
    expect(calls[0]?.url).toBe('/api/me');
  });

  it('reports push permission on /api/me when asked', async () => {
    const { api, calls } = setup([json(200, { user })]);
    await api.getMe({ notifications: false });
    expect(calls[0]?.url).toBe('/api/me?notifications=false');
  });

  it('clears the stored token and resolves null on 401 from /api/me', async () => {
    const { api, token } = setup([json(401, { message: 'Not logged in' })]);
    await expect(api.getMe()).resolves.toBeNull();
    expect(token()).toBeNull();
  });

  it('says "Try logging in again." when /api/me fails without a message', async () => {
    const { api, token } = setup([json(403)]);
    await expect(api.getMe()).rejects.toMatchObject({ message: 'Try logging in again.', status: 403 });
    expect(token()).toBe('tok');
  });

  it('uses the server message when /api/me fails with one', async () => {
    const { api } = setup([json(403, { message: 'Account disabled' })]);
    await expect(api.getMe()).rejects.toMatchObject({ message: 'Account disabled' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { api } = setup([]);
    await expect(api.get('/api/version', { retries: 0 })).rejects.toMatchObject({ status: 0 });
  });

  it('rejects an answer that does not match the schema', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = setup([json(200, { version: 3 })]);
    await expect(
      api.get('/api/version', { schema: z.object({ version: z.string() }) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  describe('answers the boot script already asked for', () => {
    it('uses the prefetched answer of a GET instead of asking again, with the token it was asked with', async () => {
      const asked: [string, string | null][] = [];
      const { api, calls } = setup([], 'tok', (url, token) => {
        asked.push([url, token]);
        return Promise.resolve(json(200, { user }));
      });
      await expect(api.getMe()).resolves.toMatchObject({ id: 'u1' });
      expect(calls).toEqual([]);
      expect(asked).toEqual([['/api/me', 'tok']]);
    });

    it('asks the server when the prefetch failed or was answered with a retryable status', async () => {
      const failed = setup([json(200, { user })], 'tok', () => Promise.resolve(null));
      await expect(failed.api.getMe()).resolves.toMatchObject({ id: 'u1' });
      expect(failed.calls).toHaveLength(1);
      const busy = setup([json(200, { projects: [] })], 'tok', () => Promise.resolve(json(503)));
      await expect(busy.api.get('/api/projects', { query: { type: 'all' } })).resolves.toEqual({
        projects: [],
      });
      expect(busy.calls.map((c) => c.url)).toEqual(['/api/projects?type=all']);
    });

    it('keeps a prefetched 401: the session is gone either way', async () => {
      const { api, calls, token } = setup([], 'tok', () =>
        Promise.resolve(json(401, { message: 'Not logged in' })),
      );
      await expect(api.getMe()).resolves.toBeNull();
      expect(token()).toBeNull();
      expect(calls).toEqual([]);
    });

    it('never uses a prefetched answer for a write', async () => {
      const take = vi.fn(() => Promise.resolve(json(200, { ok: true })));
      const { api, calls } = setup([json(200, { ok: true })], 'tok', take);
      await api.post('/api/time');
      expect(take).not.toHaveBeenCalled();
      expect(calls).toHaveLength(1);
    });
  });
});
