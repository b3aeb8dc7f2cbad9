import { SESSION_HINT_META, TOKEN_STORAGE_KEY } from '@rally/shared';
/** Keys of everything the web app keeps in localStorage; all start with `rally.`. */
export const STORAGE_KEYS = {
  // The server's boot script reads it too (@rally/shared constants/prefetch.ts).
  token: TOKEN_STORAGE_KEY,
  deviceId: 'rally.deviceId',
} as const;

const PREFIX = 'rally.';

function getStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when disabled (private mode, blocked cookies).
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return getStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    getStore()?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the value just isn't kept.
  }
}

export function removeItem(key: string): void {
  try {
    getStore()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

// The token of a page whose storage is refused: a frame on another site (the Microsoft Teams tab) in a browser that
// blocks third-party storage. The session then lasts as long as the page.
let memoryToken: string | null = null;

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token) ?? memoryToken;
}

export function setToken(token: string): void {
  writeItem(STORAGE_KEYS.token, token);
  memoryToken = readItem(STORAGE_KEYS.token) === token ? null : token;
}

export function clearToken(): void {
  memoryToken = null;
  removeItem(STORAGE_KEYS.token);
  cookieSession = false;
}

// The server marks a page whose request came with a valid session cookie (the cookie itself is httpOnly).
let cookieSession =
  typeof document !== 'undefined' && document.querySelector(`meta[name="${SESSION_HINT_META}"]`) !== null;

/**
 * Whether this visitor may have a session: a stored token, or a session cookie the page was served with. Without
 * either they are logged out, and nothing that needs a session is asked (it would only answer 401).
 */
export function hasSession(): boolean {
  return cookieSession || getToken() !== null;
}

/** The device id used for push registration; created once and kept across logout. */
export function getDeviceId(): string {
  const existing = readItem(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = crypto.randomUUID();
  writeItem(STORAGE_KEYS.deviceId, id);
  return id;
}

/** Clears every stored preference (and the token unless kept) but keeps the device id (SPEC 4, logout). */
export function clearPreferences(options: { keepToken?: boolean } = {}): void {
  const kept = new Set<string>([STORAGE_KEYS.deviceId]);
  if (options.keepToken) kept.add(STORAGE_KEYS.token);
  const store = getStore();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX) && !kept.has(key)) keys.push(key);
  }
  for (const key of keys) removeItem(key);
}
