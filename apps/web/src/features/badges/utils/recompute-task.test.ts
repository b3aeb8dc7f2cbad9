import type { BadgeRecompute } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { createTaskQueue, type TaskProgress } from '../../../lib/tasks';
import { RECOMPUTE_STEPS, recomputeTaskGroup } from './recompute-task';

const state = (done: number, total: number, running = true): BadgeRecompute => ({
  running,
  done,
  total,
  percent: running ? Math.floor((100 * done) / total) : 100,
});

describe('recomputeTaskGroup', () => {
  it('shows ordered steps whose percent follows the server, and refreshes once done', async () => {
    const answers = [state(0, 400), state(100, 400), state(250, 400), state(400, 400, false)];
    const reads: number[] = [];
    let refreshed = 0;
    const seen: (TaskProgress | null)[] = [];
    const queue = createTaskQueue({ onError: () => {}, setTimer: () => 0, clearTimer: () => {} });
    queue.subscribe(() => seen.push(queue.getSnapshot()));
    const ok = await queue.enqueue(
      recomputeTaskGroup({
        name: 'Badge: Sharer',
        stepName: "Updating members' badges",
        slowMessage: 'slow',
        read: async () => {
          reads.push(reads.length);
          return answers[Math.min(reads.length - 1, answers.length - 1)]!;
        },
        onDone: () => {
          refreshed += 1;
        },
        wait: async () => {},
      }),
    );
    expect(ok).toBe(true);
    expect(reads).toHaveLength(4);
    expect(refreshed).toBe(1);
    const percents = seen.map((p) => p?.percent);
    expect(percents).toEqual([...percents].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(percents.at(-1)).toBe(100);
    expect(seen.every((p) => p?.group === 'Badge: Sharer' && p.task === "Updating members' badges")).toBe(
      true,
    );
    expect(seen).toHaveLength(RECOMPUTE_STEPS + 1);
  });

  it('gives up with the message after the longest wait (the work goes on in the background)', async () => {
    let clock = 0;
    const errors: string[] = [];
    const queue = createTaskQueue({
      onError: (m) => errors.push(m),
      setTimer: () => 0,
      clearTimer: () => {},
    });
    const ok = await queue.enqueue(
      recomputeTaskGroup({
        name: 'Badge: Slow',
        stepName: 'Updating',
        slowMessage: 'Taking long',
        read: async () => state(1, 1000),
        onDone: () => {},
        wait: async () => {
          clock += 60_000;
        },
        now: () => clock,
      }),
    );
    expect(ok).toBe(false);
    expect(errors).toEqual(['Taking long']);
  });
});
