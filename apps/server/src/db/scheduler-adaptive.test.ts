import { describe, expect, it, vi } from 'vitest';
import { DbScheduler, isTrackingLanes, runInLane } from './scheduler.ts';

// Requests carry their lanes only while the database has a line: the AsyncLocalStorage behind them slows every
// request of the app, and buys nothing while the database keeps up.

describe('adaptive lane tracking', () => {
  it('starts when work has to wait, and stops once the database kept up for a while', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    // A file run before this one in the same worker may have left the database busy a moment ago: calm first.
    await vi.waitFor(() => expect(isTrackingLanes()).toBe(false), { timeout: 5_000, interval: 100 });
    await runInLane('write', () => s.run(async () => 'alone'));
    expect(isTrackingLanes()).toBe(false);

    let release = () => {};
    const held = s.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const queued = [1, 2].map(() => runInLane('read', () => s.run(async () => 'queued')));
    expect(isTrackingLanes()).toBe(true);
    release();
    await Promise.all([held, ...queued]);
    // Still on right after the line empties (load comes in waves), off after CALM_MS of calm.
    expect(isTrackingLanes()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(isTrackingLanes()).toBe(false);
  });
});
