import { describe, expect, it } from 'vitest';
import { createTaskQueue, type TaskProgress } from './tasks';

function setup() {
  const errors: string[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const queue = createTaskQueue({
    onError: (message) => errors.push(message),
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  });
  const seen: (TaskProgress | null)[] = [];
  queue.subscribe(() => seen.push(queue.getSnapshot()));
  return { queue, errors, timers, seen };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('task queue', () => {
  it('runs steps in order and reports percent when there is more than one step', async () => {
    const { queue, seen } = setup();
    const order: string[] = [];
    const ok = await queue.enqueue({
      name: 'Upload',
      steps: [
        { name: 'a', run: async () => void order.push('a') },
        { name: 'b', run: async () => void order.push('b') },
      ],
    });
    expect(ok).toBe(true);
    expect(order).toEqual(['a', 'b']);
    expect(seen).toEqual([
      { group: 'Upload', task: 'a', percent: 0 },
      { group: 'Upload', task: 'b', percent: 50 },
      { group: 'Upload', task: 'b', percent: 100 },
    ]);
  });

  it('shows no percent for a single step', async () => {
    const { queue, seen } = setup();
    await queue.enqueue({ name: 'Save', steps: [{ name: 'only', run: async () => {} }] });
    expect(seen[0]).toEqual({ group: 'Save', task: 'only', percent: null });
  });

  it('runs groups one after another', async () => {
    const { queue } = setup();
    const first = deferred();
    const order: string[] = [];
    const a = queue.enqueue({
      name: 'A',
      steps: [
        {
          name: 'a1',
          run: async () => {
            order.push('a1 start');
            await first.promise;
            order.push('a1 end');
          },
        },
      ],
    });
    const b = queue.enqueue({ name: 'B', steps: [{ name: 'b1', run: async () => void order.push('b1') }] });
    await Promise.resolve();
    expect(order).toEqual(['a1 start']);
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a1 start', 'a1 end', 'b1']);
  });

  it('reports a failing step, skips the rest of its group and goes on with the next group', async () => {
    const { queue, errors } = setup();
    const ran: string[] = [];
    const failed = queue.enqueue({
      name: 'A',
      steps: [
        {
          name: 'boom',
          run: async () => {
            throw new Error('Disk full');
          },
        },
        { name: 'after', run: async () => void ran.push('after') },
      ],
    });
    const next = queue.enqueue({ name: 'B', steps: [{ name: 'b', run: async () => void ran.push('b') }] });
    expect(await failed).toBe(false);
    expect(await next).toBe(true);
    expect(errors).toEqual(['Disk full']);
    expect(ran).toEqual(['b']);
  });

  it('clears the banner after the queue empties, and not while groups remain', async () => {
    const { queue, timers } = setup();
    await queue.enqueue({ name: 'A', steps: [{ name: 'a', run: async () => {} }] });
    await Promise.resolve();
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(2000);
    expect(queue.getSnapshot()).not.toBeNull();
    timers[0]?.fn();
    expect(queue.getSnapshot()).toBeNull();
  });

  it('cancels a pending clear when a new group is queued', async () => {
    const { queue, timers } = setup();
    await queue.enqueue({ name: 'A', steps: [{ name: 'a', run: async () => {} }] });
    await Promise.resolve();
    const pending = queue.enqueue({ name: 'B', steps: [{ name: 'b', run: async () => {} }] });
    expect(timers[0]?.cleared).toBe(true);
    await pending;
    await Promise.resolve();
    expect(timers).toHaveLength(2);
    expect(queue.getSnapshot()).toEqual({ group: 'B', task: 'b', percent: null });
  });
});
