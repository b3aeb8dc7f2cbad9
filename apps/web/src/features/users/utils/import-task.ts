import { USER_IMPORT_STEPS, type UserImport, type UserImportStep } from '@rally/shared';
import type { TaskGroup } from '../../../lib/tasks';

/** How often the server's progress is read. */
export const IMPORT_POLL_MS = 1_000;
/** Past this the banner gives up with a message (the import itself goes on in the background). */
export const IMPORT_MAX_WAIT_MS = 15 * 60_000;

export interface ImportTaskOptions {
  /** The group's name in the banner. */
  name: string;
  /** The banner's name of each step: check rows, create invitations, send emails. */
  stepNames: Record<UserImportStep, string>;
  /** Message of the long toast when it takes longer than IMPORT_MAX_WAIT_MS. */
  slowMessage: string;
  read: () => Promise<UserImport>;
  /** Called with every answer (the dialog shows the result), and once more when the import ended. */
  onUpdate: (current: UserImport) => void;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A task group that follows a CSV import (GET …/imports/{id}) in the progress banner (SPEC 9): its three ordered
 * steps, each done once the server moved past it; a failed import fails the step with the server's reason.
 */
export function importTaskGroup(o: ImportTaskOptions): TaskGroup {
  const wait = o.wait ?? sleep;
  const now = o.now ?? Date.now;
  const started = now();
  let last: UserImport | null = null;
  const passed = (index: number) =>
    last !== null && (last.status !== 'running' || USER_IMPORT_STEPS.indexOf(last.step) > index);

  const untilPassed = (index: number) => async () => {
    while (!passed(index)) {
      if (last !== null) {
        if (now() - started > IMPORT_MAX_WAIT_MS) throw new Error(o.slowMessage);
        await wait(IMPORT_POLL_MS);
      }
      last = await o.read();
      o.onUpdate(last);
    }
    if (last?.status === 'failed') throw new Error(last.error ?? o.slowMessage);
  };
  return {
    name: o.name,
    steps: USER_IMPORT_STEPS.map((step, index) => ({ name: o.stepNames[step], run: untilPassed(index) })),
  };
}
