import { PROGRESS_CLEAR_MS } from '@rally/shared';
import { showToast } from './toast';

/** One ordered step of a task group. */
export interface TaskStep {
  /** Shown in the progress banner while the step runs. */
  name: string;
  run: () => Promise<void>;
}

/** A named group of steps; groups run one after another. */
export interface TaskGroup {
  name: string;
  steps: readonly TaskStep[];
}

/** What the progress banner shows; null when nothing runs and the banner is cleared. */
export interface TaskProgress {
  group: string;
  task: string;
  /** 0–100, only when the group has more than one step. */
  percent: number | null;
}

export interface TaskQueueOptions {
  /** Called with the error message when a step fails (the app shows a long toast). */
  onError: (message: string) => void;
  clearAfterMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Unknown error';
}

/** A queue of task groups with a subscribable progress snapshot (for useSyncExternalStore). */
export function createTaskQueue(options: TaskQueueOptions) {
  const clearAfterMs = options.clearAfterMs ?? PROGRESS_CLEAR_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const listeners = new Set<() => void>();
  let progress: TaskProgress | null = null;
  let clearHandle: unknown = null;
  let pending = 0;
  let tail: Promise<unknown> = Promise.resolve();

  function publish(next: TaskProgress | null) {
    progress = next;
    for (const listener of listeners) listener();
  }

  async function runGroup(group: TaskGroup): Promise<boolean> {
    const total = group.steps.length;
    const percentAt = (done: number) => (total > 1 ? Math.round((done / total) * 100) : null);
    for (const [index, step] of group.steps.entries()) {
      publish({ group: group.name, task: step.name, percent: percentAt(index) });
      try {
        await step.run();
      } catch (error) {
        options.onError(errorMessage(error));
        return false;
      }
    }
    const last = group.steps[total - 1];
    if (last) publish({ group: group.name, task: last.name, percent: percentAt(total) });
    return true;
  }

  function settle() {
    pending -= 1;
    if (pending > 0) return;
    clearHandle = setTimer(() => {
      clearHandle = null;
      publish(null);
    }, clearAfterMs);
  }

  /** Adds a group; resolves true when all its steps succeeded, false when one failed. */
  function enqueue(group: TaskGroup): Promise<boolean> {
    pending += 1;
    if (clearHandle !== null) {
      clearTimer(clearHandle);
      clearHandle = null;
    }
    const done = tail.then(() => runGroup(group));
    tail = done.finally(settle);
    return done;
  }

  return {
    enqueue,
    getSnapshot: (): TaskProgress | null => progress,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TaskQueue = ReturnType<typeof createTaskQueue>;

/** The app's queue: failures show a long toast with the error message (SPEC 4). */
export const taskQueue = createTaskQueue({
  onError: (message) => showToast(message, { duration: 'long', tone: 'error' }),
});

/** Runs a group of background steps after the groups already queued. */
export function enqueueTaskGroup(group: TaskGroup): Promise<boolean> {
  return taskQueue.enqueue(group);
}
