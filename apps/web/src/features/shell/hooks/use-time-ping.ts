import { TIME_PING_MS, type TimeResponse } from '@rally/shared';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

/** Reports active time with POST /api/time every TIME_PING_MS while signed in (SPEC 7). */
export function useTimePing(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    const ping = () => {
      // Only time the page is actually looked at counts.
      if (document.visibilityState !== 'visible') return;
      api.post<TimeResponse>('/api/time').catch(() => undefined);
    };
    const timer = window.setInterval(ping, TIME_PING_MS);
    return () => window.clearInterval(timer);
  }, [isSignedIn]);
}
