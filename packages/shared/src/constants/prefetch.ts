import { LIST_PAGE_SIZE } from './limits.ts';

/**
 * The first page's data, asked for while the JavaScript still downloads. The server inlines a small script in
 * index.html (apps/server/src/modules/web/app-frame.ts) that starts these GETs at once, with the stored session
 * token, and leaves the pending answers on `window[PREFETCH_GLOBAL]`; the app's API client takes an answer instead
 * of asking again when the same URL is asked for with the same token, once, within PREFETCH_MAX_AGE_MS.
 */
export const PREFETCH_GLOBAL = '__rallyPrefetch';

/** How long a prefetched answer may stand in for a request of the app. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/** Where the web app keeps the session token (localStorage). */
export const TOKEN_STORAGE_KEY = 'rally.token';

/**
 * The page's `<meta name>` the server adds when the request came with a valid session cookie. The session's token is
 * otherwise known only from localStorage: without either, the visitor is logged out and the page asks nothing that
 * needs a session (no GET /api/me answering 401 on every logged-out page). Its content is `page` when the
 * viewer may read the page's data (PREFETCH_BY_PAGE), `me` when only their session is asked (an applicant, whose only
 * page is their application; a feed page of a client without a feed).
 */
export const SESSION_HINT_META = 'rally-session';

/** Name of the meta tag the Microsoft Teams tab's pages carry with further Teams host origins (TEAMS_HOST_ORIGINS). */
export const TEAMS_HOST_ORIGINS_META = 'rally-teams-host-origins';

/** Asked for on every page with a session: the session's user, which every page waits for. */
export const PREFETCH_ALWAYS = ['/api/me'] as const;

/**
 * The main list of a page, exactly as the app asks for it (path and query in the app's order): only pages whose
 * first request does not depend on a choice the member made before.
 */
export const PREFETCH_BY_PAGE: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/projects?type=all'],
  '/projects': ['/api/projects?type=all'],
  '/notifications': [`/api/notifications?limit=${LIST_PAGE_SIZE}`],
  '/community/feed': [`/api/feed?limit=${LIST_PAGE_SIZE}&scope=all`],
};

/** What the inline script leaves for the app (`R`: the browser's Response, which this package does not know). */
export interface PrefetchedAnswers<R = unknown> {
  /** The token the requests carried (null: none stored). */
  token: string | null;
  /** When they were sent (Date.now()). */
  at: number;
  /** URL → the answer, or null when the request failed (the app then asks itself). */
  responses: Record<string, Promise<R | null>>;
}
