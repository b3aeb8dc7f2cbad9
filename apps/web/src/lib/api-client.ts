import { DEFAULT_RETRIES, RETRY_STATUSES, type User } from '@rally/shared';
import type { z } from 'zod';
import { i18n, serverMessages } from './i18n';
import { takePrefetched } from './prefetch';
import { clearToken, getToken } from './storage';

/** A failed call: `message` is the server's `{message}` (or a fallback), `status` the HTTP status (0 offline). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  query?: QueryParams;
  /** Validates (and types) the response body. */
  schema?: z.ZodType<T>;
  /** Retries of a safe request on RETRY_STATUSES; DEFAULT_RETRIES unless given. */
  retries?: number;
  signal?: AbortSignal;
  /** Message used when a failed answer carries none. */
  fallbackMessage?: string;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  clearToken: () => void;
  baseUrl?: string;
  /** Wait between retries; tests pass 0. */
  retryDelayMs?: number;
  /** Translates fallback messages (i18n key, English default). */
  translate?: (key: string, fallback: string) => string;
  /** Shows a server message in the UI's language when it is a known one (lib/language.ts); else as sent. */
  localize?: (message: string) => string;
  /** An answer the page's boot script already asked for (lib/prefetch.ts), used instead of a first GET. */
  takePrefetched?: (url: string, token: string | null) => Promise<Response | null> | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const RETRYABLE = new Set<number>(RETRY_STATUSES);

function buildUrl(base: string, path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): { message?: string; code?: string } {
  if (!body || typeof body !== 'object') return {};
  const { message, code } = body as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' && message ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

/** Whether a value is an object carrying a string `id` — the least an answer's entity must be. */
export function isRecordWithId<T>(value: T | null | undefined): value is T & { id: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** Creates the API client; `fetch` and token storage are injected so it can be tested without a browser. */
export function createApiClient(deps: ApiClientDeps) {
  const base = deps.baseUrl ?? '';
  const tr = deps.translate ?? ((_key: string, fallback: string) => fallback);
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = deps.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const retries = SAFE_METHODS.has(method) ? (options.retries ?? DEFAULT_RETRIES) : 0;
    const url = buildUrl(base, path, options.query);
    const prefetched = method === 'GET' ? await deps.takePrefetched?.(url, token) : null;
    if (prefetched && (prefetched.ok || !RETRYABLE.has(prefetched.status))) return prefetched;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await deps.fetch(url, {
          method,
          headers,
          body,
          credentials: 'same-origin',
          signal: options.signal,
        });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        throw new ApiError(tr('errors.network', 'Could not reach the server. Check your connection.'), 0);
      }
      if (response.ok || attempt >= retries || !RETRYABLE.has(response.status)) return response;
      await delay(deps.retryDelayMs ?? 300);
    }
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const response = await send(path, options as RequestOptions<unknown>);
    const body = await readJson(response);
    if (!response.ok) {
      const { message, code } = messageOf(body);
      const fallback =
        options.fallbackMessage ?? tr('errors.requestFailed', 'Something went wrong. Please try again.');
      throw new ApiError(message ? (deps.localize?.(message) ?? message) : fallback, response.status, code);
    }
    if (!options.schema) return body as T;
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      console.error(`Unexpected response from ${path}`, parsed.error.issues);
      throw new ApiError(
        tr('errors.unexpectedResponse', 'The server sent an unexpected answer.'),
        response.status,
      );
    }
    return parsed.data;
  }

  /** GET /api/me: the signed-in user, or null on 401 (the stored token is cleared then). */
  async function getMe(query?: { notifications?: boolean }): Promise<User | null> {
    const notifications = query?.notifications === undefined ? undefined : String(query.notifications);
    try {
      // Typed, not parsed: the server validates every /api/me answer against MeResponseSchema before sending it,
      // and zod stays out of the first load (issue 11's budget). Only the shape the app relies on is checked.
      const body = await request<{ user?: User }>('/api/me', {
        query: { notifications },
        fallbackMessage: tr('errors.tryLoggingInAgain', 'Try logging in again.'),
      });
      if (!isRecordWithId(body?.user)) {
        throw new ApiError(tr('errors.unexpectedResponse', 'The server sent an unexpected answer.'), 200);
      }
      return body.user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        deps.clearToken();
        return null;
      }
      throw error;
    }
  }

  return {
    request,
    getMe,
    get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: browser fetch, token from localStorage, messages through i18next. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken,
  clearToken,
  translate: (key, fallback) => i18n.t(key, { defaultValue: fallback }),
  localize: (message) => serverMessages.localize(message),
  takePrefetched: (url, token) => takePrefetched(url, token),
});
