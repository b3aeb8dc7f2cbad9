import { REPORT_EXPORT_STEPS, type ReportExport, type ReportExportStep } from '@rally/shared';
import type { TaskGroup } from '../../../lib/tasks';

/** How often the server's progress is read. */
export const EXPORT_POLL_MS = 1_000;
/** Past this the banner gives up with a message (the export itself goes on in the background). */
export const EXPORT_MAX_WAIT_MS = 10 * 60_000;

/** The server's steps the banner follows (done is where they end). */
const STEPS = REPORT_EXPORT_STEPS.filter((s): s is Exclude<ReportExportStep, 'done'> => s !== 'done');

export interface ExportTaskOptions {
  /** The group's name in the banner. */
  name: string;
  /** The banner's name of each step: read the report, write the file, store it, download it. */
  stepNames: Record<(typeof STEPS)[number] | 'download', string>;
  slowMessage: string;
  read: () => Promise<ReportExport>;
  /** Fetches and saves the finished file. */
  download: (done: ReportExport) => Promise<void>;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A task group that follows a report export in the progress banner (SPEC 9): the server's ordered steps (read,
 * write, store), each done once the server moved past it, then the download of the file. A failed export fails
 * the step with the server's reason (a long toast).
 */
export function exportTaskGroup(o: ExportTaskOptions): TaskGroup {
  const wait = o.wait ?? sleep;
  const now = o.now ?? Date.now;
  const started = now();
  let last: ReportExport | null = null;
  const passed = (index: number) =>
    last !== null && (last.status !== 'running' || REPORT_EXPORT_STEPS.indexOf(last.step) > index);

  const untilPassed = (index: number) => async () => {
    while (!passed(index)) {
      if (last !== null) {
        if (now() - started > EXPORT_MAX_WAIT_MS) throw new Error(o.slowMessage);
        await wait(EXPORT_POLL_MS);
      }
      last = await o.read();
    }
    if (last?.status === 'failed') throw new Error(last.error ?? o.slowMessage);
  };
  return {
    name: o.name,
    steps: [
      ...STEPS.map((step, index) => ({ name: o.stepNames[step], run: untilPassed(index) })),
      {
        name: o.stepNames.download,
        run: async () => {
          if (last?.status !== 'done') throw new Error(o.slowMessage);
          await o.download(last);
        },
      },
    ],
  };
}
