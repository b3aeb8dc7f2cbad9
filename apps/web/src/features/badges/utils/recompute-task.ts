import type { BadgeRecompute } from '@rally/shared';
import type { TaskGroup } from '../../../lib/tasks';

/** Steps of a recomputation in the progress banner: one per tenth, so its percent follows the server's. */
export const RECOMPUTE_STEPS = 10;
/** How often the server's progress is read. */
export const RECOMPUTE_POLL_MS = 1_000;
/** Past this the banner gives up with a message (the recomputation itself goes on in the background). */
export const RECOMPUTE_MAX_WAIT_MS = 15 * 60_000;

export interface RecomputeTaskOptions {
  /** The group's name in the banner ("Badge: Sharer"). */
  name: string;
  /** The steps' name ("Updating members' badges"). */
  stepName: string;
  /** Message of the long toast when it takes longer than RECOMPUTE_MAX_WAIT_MS. */
  slowMessage: string;
  read: () => Promise<BadgeRecompute>;
  /** Called once every member was evaluated (refresh the list). */
  onDone: () => void | Promise<void>;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A task group that follows a badge's recomputation (GET …/recompute) in the progress banner: ordered steps, step
 * i done once the server reports at least i tenths evaluated, the last one once it finished.
 */
export function recomputeTaskGroup(o: RecomputeTaskOptions): TaskGroup {
  const wait = o.wait ?? sleep;
  const now = o.now ?? Date.now;
  const started = now();
  let last: BadgeRecompute | null = null;
  const reached = (step: number) =>
    last !== null &&
    (!last.running || (step < RECOMPUTE_STEPS && last.percent >= (step * 100) / RECOMPUTE_STEPS));

  const untilStep = (step: number) => async () => {
    while (!reached(step)) {
      if (last !== null) {
        if (now() - started > RECOMPUTE_MAX_WAIT_MS) throw new Error(o.slowMessage);
        await wait(RECOMPUTE_POLL_MS);
      }
      last = await o.read();
    }
    if (step === RECOMPUTE_STEPS) await o.onDone();
  };
  return {
    name: o.name,
    steps: Array.from({ length: RECOMPUTE_STEPS }, (_, i) => ({ name: o.stepName, run: untilStep(i + 1) })),
  };
}
