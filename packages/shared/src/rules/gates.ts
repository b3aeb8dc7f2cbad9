import type { Role } from '../constants/domain.ts';
import { AUTH_EXEMPT_ROUTES, ONBOARDING_EXEMPT_ROUTES } from '../constants/navigation.ts';

/** The part of the signed-in user the route gates read (SPEC 3, 4). */
export interface GateUser {
  /** APPLICANT is pinned to its own page. */
  role: Role;
  /** When onboarding was finished; null while not onboarded. */
  onboarded_at: string | null;
  /** The contract the user agreed to. */
  contract_id: string | null;
  /** Applications; an applicant has at least one. */
  applications: readonly { id: string }[];
  /** Team memberships, checked against the client's pause_override. */
  membership: readonly { team_id: string }[];
  /** A guest (ghost user, feature open): no onboarding, and free to open /login and /create. */
  is_ghost?: boolean;
}

/** The part of the client the route gates read (SPEC 3, 4). */
export interface GateClient {
  /** The client's current contract; null means there is no contract to agree to. */
  contract_id: string | null;
  /** Pause settings. */
  config: {
    /** The client is paused. */
    paused: boolean;
    /** Teams whose members stay active while the client is paused. */
    pause_override: readonly string[];
  };
}

/** Input of `getGateRedirect`. */
export interface GateInput {
  /** The signed-in user, or null when logged out. */
  user: GateUser | null;
  /** The current client. */
  client: GateClient;
  /** Current path, without query. */
  pathname: string;
  /** Current query string ('?a=b' or ''), kept in the login return path. */
  search?: string;
}

const LOGGED_OUT_ONLY_ROUTES: readonly string[] = ['/login', '/create', '/reset'];
const PAUSED_PATH = '/status/paused';
const HELP_PATH = '/help';
const NO_APPLICATION_PATH = '/status/not-active';

function matchesRoute(pathname: string, route: string): boolean {
  // Routes ending in '/' are prefixes (/apply/{application}); others match exactly or as a parent folder.
  if (route.endsWith('/')) return pathname.startsWith(route);
  return pathname === route || pathname.startsWith(`${route}/`);
}

/** True when a logged-out visitor may open this path without being sent to /login (SPEC 4). */
export function isAuthExemptPath(pathname: string): boolean {
  return AUTH_EXEMPT_ROUTES.some((route) => matchesRoute(pathname, route));
}

/** True when this path is outside the onboarding gate: /overview, /contract, /onboarding, /integrations/teams. */
export function isOnboardingExemptPath(pathname: string): boolean {
  return ONBOARDING_EXEMPT_ROUTES.some((route) => matchesRoute(pathname, route));
}

/** True when the client is paused and none of the user's teams is in pause_override (SPEC 4). */
export function isPausedFor(user: GateUser, client: GateClient): boolean {
  if (!client.config.paused) return false;
  // Admins keep access so that someone can lift the pause (SPEC 4 leaves this open).
  if (user.role === 'ADMIN') return false;
  const override = new Set(client.config.pause_override);
  return !user.membership.some((entry) => override.has(entry.team_id));
}

function getLoginRedirect(pathname: string, search = ''): string | null {
  if (isAuthExemptPath(pathname)) return null;
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `/login?to=${encodeURIComponent(pathname + query)}`;
}

function getApplicantRedirect(user: GateUser, pathname: string): string | null {
  if (pathname === HELP_PATH) return null;
  const application = user.applications[0];
  const target = application ? `/applicants/${encodeURIComponent(application.id)}` : NO_APPLICATION_PATH;
  return pathname === target ? null : target;
}

function getOnboardingRedirect(user: GateUser, client: GateClient, pathname: string): string | null {
  if (isOnboardingExemptPath(pathname)) return null;
  const isOnboarded = Boolean(user.onboarded_at);
  // A client without a current contract has nothing to agree to, so every user's contract matches.
  const hasContractChanged = client.contract_id !== null && user.contract_id !== client.contract_id;
  if (!isOnboarded && hasContractChanged) return '/overview';
  if (hasContractChanged) return '/contract?forced=true';
  if (!isOnboarded) return '/onboarding?forced=true';
  return null;
}

/**
 * Where the session, applicant, pause and onboarding gates (SPEC 4) send the visitor, or null to stay.
 * Checked in order: logged out → /login?to={path+search} outside exempt routes; APPLICANT → its own
 * /applicants/{first application id} (or /status/not-active without one), except /help; paused client →
 * /status/paused, except /help; onboarding gate; finally a signed-in user on /login, /create or /reset → /.
 */
export function getGateRedirect(input: GateInput): string | null {
  const { user, client, pathname } = input;
  if (!user) return getLoginRedirect(pathname, input.search);
  if (user.role === 'APPLICANT') return getApplicantRedirect(user, pathname);
  if (isPausedFor(user, client)) {
    return pathname === PAUSED_PATH || pathname === HELP_PATH ? null : PAUSED_PATH;
  }
  // Guests only look around (SPEC 6): nothing to onboard, and /login and /create are how they stop being guests.
  if (user.is_ghost) return null;
  const onboarding = getOnboardingRedirect(user, client, pathname);
  if (onboarding) return onboarding;
  // Signed-in users have no use for the logged-out pages, so they go home instead.
  if (LOGGED_OUT_ONLY_ROUTES.some((route) => matchesRoute(pathname, route))) return '/';
  return null;
}
