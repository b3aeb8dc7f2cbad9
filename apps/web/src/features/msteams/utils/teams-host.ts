import { TEAMS_HOST_ORIGINS_META } from '@rally/shared';

/** The Microsoft Teams JavaScript SDK, loaded only by the Teams tab and its sign-in pop-up (it is ≈ 100 KB). */
export const loadTeamsSdk = () => import('@microsoft/teams-js');

/** True when the page runs inside a frame: the Teams tab, where Teams hosts the app. */
export function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/** True when another window opened this one: the Teams host opening the sign-in pop-up. */
export function hasOpener(): boolean {
  return typeof window !== 'undefined' && window.opener !== null && window.opener !== undefined;
}

/** Further Teams host origins this server allows (TEAMS_HOST_ORIGINS, in a meta tag); undefined when none. */
export function extraHostOrigins(): string[] | undefined {
  const content = document.querySelector(`meta[name="${TEAMS_HOST_ORIGINS_META}"]`)?.getAttribute('content');
  const origins = content?.split(',').filter(Boolean) ?? [];
  return origins.length > 0 ? origins : undefined;
}

/** The pop-up's address: absolute, on this origin (Teams opens only https addresses of the app's own domain). */
export const signInPopupUrl = () => new URL('/integrations/teams/sign-in', window.location.origin).href;

/** What a failed Teams sign-in says, as an i18n key: the reasons teams-js gives, else a general failure. */
export function signInErrorKey(error: unknown): string | null {
  const reason = error instanceof Error ? error.message : String(error);
  if (reason === 'CancelledByUser') return 'teamsIntegration.errors.cancelled';
  if (reason === 'FailedToOpenWindow') return 'teamsIntegration.errors.popupBlocked';
  return null;
}
