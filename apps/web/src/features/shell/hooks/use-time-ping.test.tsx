import { TIME_PING_MS, TimeResponseSchema } from '@rally/shared';
import { act } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { activityOfPath, useTimePing } from './use-time-ping';

const TRAINING = '01960000-0000-7000-8000-000000000042';

function Ping() {
  useTimePing(true);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('the time ping', () => {
  it('names the activity whose page is open, and sends no body elsewhere', async () => {
    expect(activityOfPath(`/projects/p1/activities/${TRAINING}`)).toBe(TRAINING);
    expect(activityOfPath('/projects/p1')).toBeUndefined();
    expect(activityOfPath('/projects/p1/activities/not-an-id')).toBeUndefined();

    server.use(http.post('/api/time', () => answer(TimeResponseSchema, { seconds_today: 60 })));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithProviders(<Ping />, { session: buildUser() });
    window.history.replaceState(null, '', `/projects/p1/activities/${TRAINING}`);
    await act(async () => vi.advanceTimersByTime(TIME_PING_MS));
    window.history.replaceState(null, '', '/projects');
    await act(async () => vi.advanceTimersByTime(TIME_PING_MS));
    vi.useRealTimers();
    await vi.waitFor(async () =>
      expect(await receivedBodies('POST', '/api/time')).toEqual([{ activity_id: TRAINING }, undefined]),
    );
  });
});
