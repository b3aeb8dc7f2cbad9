import { TIME_PING_MS, type TimeResponse } from '@rally/shared';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

// An activity's page: /projects/{projectId}/activities/{activityId} (trainings open there too).
const ACTIVITY_PAGE = /^\/projects\/[^/]+\/activities\/([0-9a-f-]{36})\/?$/i;

/** The activity whose page is open at `pathname`, if any: the ping names it so a training counts its time. */
export function activityOfPath(pathname: string): string | undefined {
  return ACTIVITY_PAGE.exec(pathname)?.[1];
}

/**
 * Reports active time with POST /api/time every TIME_PING_MS while signed in (SPEC 7), naming the activity whose
 * page is open (the server counts a training's minutes as time spent on it).
 */
export function useTimePing(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    const ping = () => {
      // Only time the page is actually looked at counts.
      if (document.visibilityState !== 'visible') return;
      const activityId = activityOfPath(window.location.pathname);
      api
        .post<TimeResponse>('/api/time', activityId ? { activity_id: activityId } : undefined)
        .catch(() => undefined);
    };
    const timer = window.setInterval(ping, TIME_PING_MS);
    return () => window.clearInterval(timer);
  }, [isSignedIn]);
}
