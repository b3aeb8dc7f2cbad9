import type { UserImport } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { createTaskQueue } from '../../../lib/tasks';
import { importTaskGroup } from './import-task';

const base: UserImport = {
  id: 'imp',
  status: 'running',
  step: 'check',
  percent: 0,
  rows: 2,
  invited: [],
  skipped: [],
  errors: [],
  error: null,
};
const names = { check: 'Checking rows', invite: 'Creating invitations', email: 'Sending emails' };

/** A queue that records the banner's snapshots and the error toasts. */
function recordingQueue() {
  const errors: string[] = [];
  const queue = createTaskQueue({ onError: (m) => errors.push(m), setTimer: () => 0, clearTimer: () => {} });
  const seen: string[] = [];
  queue.subscribe(() => {
    const p = queue.getSnapshot();
    if (p) seen.push(`${p.task} ${p.percent}%`);
  });
  return { queue, errors, seen };
}

describe('importTaskGroup', () => {
  it('walks the three steps in order as the server moves on, and reports each answer', async () => {
    const answers: UserImport[] = [
      base,
      { ...base, step: 'invite', percent: 40 },
      { ...base, step: 'email', percent: 70 },
      { ...base, status: 'done', step: 'email', percent: 100 },
    ];
    const updates: number[] = [];
    const { queue, errors, seen } = recordingQueue();
    const ok = await queue.enqueue(
      importTaskGroup({
        name: 'Importing people.csv',
        stepNames: names,
        slowMessage: 'slow',
        read: async () => answers.shift()!,
        onUpdate: (u) => updates.push(u.percent),
        wait: async () => {},
      }),
    );
    expect(ok).toBe(true);
    expect(errors).toEqual([]);
    expect(updates).toEqual([0, 40, 70, 100]);
    expect(seen).toEqual([
      'Checking rows 0%',
      'Creating invitations 33%',
      'Sending emails 67%',
      'Sending emails 100%',
    ]);
  });

  it("fails with the server's reason when the import failed", async () => {
    const { queue, errors } = recordingQueue();
    const ok = await queue.enqueue(
      importTaskGroup({
        name: 'Importing people.csv',
        stepNames: names,
        slowMessage: 'slow',
        read: async () => ({ ...base, status: 'failed', error: 'mail server down' }),
        onUpdate: () => {},
        wait: async () => {},
      }),
    );
    expect(ok).toBe(false);
    expect(errors).toEqual(['mail server down']);
  });
});
