import { type GateClient, type GateUser, getGateRedirect } from '@rally/shared';
import { getSafeReturnPath } from '../../utils/return-path';

interface GateLocation {
  pathname: string;
  search: string;
}

/** /verify?token=… is reachable without a session so the emailed link works; the page signs the user in. */
function isVerifyLink({ pathname, search }: GateLocation): boolean {
  return pathname === '/verify' && new URLSearchParams(search).has('token');
}

/**
 * Where the session gates send this visit (SPEC 4), or null to stay. The rules are the shared
 * getGateRedirect; the web adds the verify link exception and sends a signed-in user on /login to the
 * safe `to` return path rather than '/'.
 */
export function resolveGateRedirect(
  user: GateUser | null,
  client: GateClient,
  location: GateLocation,
): string | null {
  if (isVerifyLink(location)) return null;
  const target = getGateRedirect({ user, client, pathname: location.pathname, search: location.search });
  if (target === null) return null;
  if (user && target === '/' && location.pathname === '/login') {
    return getSafeReturnPath(new URLSearchParams(location.search).get('to'));
  }
  return target === location.pathname + location.search ? null : target;
}

/** True when the user may roam the app: no gate would move them away from home. */
export function canRoam(user: GateUser, client: GateClient): boolean {
  return getGateRedirect({ user, client, pathname: '/', search: '' }) === null;
}
