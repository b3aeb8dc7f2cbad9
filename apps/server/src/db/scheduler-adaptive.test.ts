import { describe, expect, it } from 'vitest';
import { DbScheduler, isTrackingLanes, runInLane } from './scheduler.ts';

// Requests carry their lanes only while the database has a line: the AsyncLocalStorage behind them slows every
// request of the app, and buys nothing while the database keeps up.

describe('adaptive lane tracking', () => {
  it('starts when work has to wait, and stops once the database kept up for a while', async () => {
    const s = new DbScheduler({ concurrency: 1, limit: 100, timeoutMs: 5_000 });
    expect(isTrackingLanes()).toBe(false);
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
