import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError } from '../lib/errors.ts';

/**
 * Which line a piece of database work waits in. `write`: the work of a request that changes something (any method
 * but GET and HEAD) and every transaction of a request; `read`: the work of reads and of work outside any request;
 * `background`: the work of durable jobs (transactions included), which goes only when no request's work waits or
 * once it has waited BACKGROUND_MAX_WAIT_MS, so a long job costs requests at most the one piece running.
 */
export type Lane = 'write' | 'read' | 'background';

/** Longest a job's piece of work waits behind requests' work before it goes anyway (so jobs always progress). */
export const BACKGROUND_MAX_WAIT_MS = 250;
/**
 * After a request's piece of work, a job's waits this long more: the request usually asks for its next query within
 * it, and should not find a job's piece started in between.
 */
export const BACKGROUND_GRACE_MS = 2;

/** What the scheduler knows of the request a query belongs to. */
export interface WorkContext {
  lane: Lane;
  /** Order of the request's arrival: older requests' queries go first, so requests finish in the order they came. */
  seq: number;
}

/** Bounds of the waiting line. */
export interface SchedulerOptions {
  /** Pieces of work that may run at once: 1 for embedded PGlite, the pool size for PostgreSQL. */
  concurrency: number;
  /** Most pieces of work that may wait in each lane; more are refused at once with 503. */
  limit: number;
  /** Longest a piece of work may wait to start before it is refused with 503, in milliseconds. */
  timeoutMs: number;
  /** Writes served in a row while reads wait, before one read goes (so a flood of writes cannot starve reads). */
  writeBurst?: number;
}

/** The answer when the database's line is full or too slow: 503 with Retry-After, never a request left hanging. */
export class DatabaseBusyError extends HttpError {
  constructor(reason: string) {
    super(503, `The service is busy (${reason}). Try again in a moment.`, 'busy', 1);
  }
}

interface Waiting {
  seq: number;
  enqueuedAt: number;
  start: () => void;
  fail: (error: Error) => void;
}

const context = new AsyncLocalStorage<WorkContext>();
let nextSeq = 0;

/**
 * Whether requests are told apart now. Entering a context per request costs every request something, which buys
 * nothing while the database keeps up (on Node 20, whose AsyncLocalStorage ran on promise hooks, about a fifth of
 * its speed). So by default (`adaptive`) requests
 * carry their lane only from the moment work starts to wait for the database until it has kept up for CALM_MS.
 */
let tracking: 'adaptive' | 'always' = 'adaptive';
let isTracking = false;
let calmTimer: NodeJS.Timeout | null = null;
/** Work waiting (in any scheduler) that makes requests carry their lanes. */
const TRACK_FROM_WAITING = 2;
/** How long the database must keep up before requests stop carrying their lanes. */
const CALM_MS = 2_000;

/** `always` makes every request carry its lane (tests of the order); `adaptive` is the default. */
export function setLaneTracking(mode: 'adaptive' | 'always'): void {
  tracking = mode;
}

/** Whether requests carry their lanes now (see `tracking`). */
export function isTrackingLanes(): boolean {
  return isTracking || tracking === 'always';
}

/** Runs `fn` (and everything it awaits) as the work of a request in the given lane, while lanes are tracked. */
export function runInLane<T>(lane: Lane, fn: () => T): T {
  if (!isTracking && tracking === 'adaptive') return fn();
  nextSeq += 1;
  return context.run({ lane, seq: nextSeq }, fn);
}

/** Runs `fn` (and everything it awaits) as background work (a job), whether or not requests carry their lanes. */
export function runInBackground<T>(fn: () => T): T {
  nextSeq += 1;
  return context.run({ lane: 'background', seq: nextSeq }, fn);
}

function startTracking() {
  if (calmTimer) {
    clearTimeout(calmTimer);
    calmTimer = null;
  }
  isTracking = true;
}

/** The line emptied: stop telling requests apart unless work waits again within CALM_MS. */
function noteCalm() {
  if (!isTracking || calmTimer || tracking === 'always') return;
  calmTimer = setTimeout(() => {
    calmTimer = null;
    // New requests stop entering a context; the ones in flight, and jobs (runInBackground), keep theirs. (On Node 24
    // AsyncLocalStorage rides on async context frames: no promise hooks to remove, so it is never disabled.)
    isTracking = false;
  }, CALM_MS);
  calmTimer.unref();
}

/** A min-heap of waiting work by request age (seq), then arrival. */
class WaitingLine {
  private readonly items: Waiting[] = [];
  get size() {
    return this.items.length;
  }
  push(item: Waiting) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]!.seq <= item.seq) break;
      a[i] = a[parent]!;
      i = parent;
    }
    a[i] = item;
  }
  peek(): Waiting | undefined {
    return this.items[0];
  }
  pop(): Waiting | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const child = r < a.length && a[r]!.seq < a[l]!.seq ? r : l;
        if (a[child]!.seq >= last.seq) break;
        a[i] = a[child]!;
        i = child;
      }
      a[i] = last;
    }
    return top;
  }
  /** Removes and returns the items that waited since before `cutoff`. */
  takeOlderThan(cutoff: number): Waiting[] {
    const stale = this.items.filter((w) => w.enqueuedAt < cutoff);
    if (stale.length === 0) return stale;
    const kept = this.items.filter((w) => w.enqueuedAt >= cutoff);
    this.items.length = 0;
    for (const w of kept) this.push(w);
    return stale;
  }
}

/**
 * A fair line in front of the database. Work of requests that change something goes before reads, so a write is
 * never queued behind an unbounded line of reads; within a lane the oldest request's work goes first, so requests
 * finish in the order they came instead of all slowing down together; each lane is bounded in length and in
 * waiting time, and work beyond either bound is refused with 503 and Retry-After instead of waiting for ever.
 */
export class DbScheduler {
  private running = 0;
  private writesInARow = 0;
  private isDispatchScheduled = false;
  private readonly lines: Record<Lane, WaitingLine> = {
    write: new WaitingLine(),
    read: new WaitingLine(),
    background: new WaitingLine(),
  };
  private sweeper: NodeJS.Timeout | null = null;
  private foregroundEndedAt = Number.NEGATIVE_INFINITY;
  private graceTimer: NodeJS.Timeout | null = null;
  /** Work refused so far, by reason (for /metrics and tests). */
  readonly refused = { full: 0, timeout: 0 };

  constructor(private readonly opts: SchedulerOptions) {}

  /** Pieces of work waiting in each lane now. */
  get waiting() {
    return {
      write: this.lines.write.size,
      read: this.lines.read.size,
      background: this.lines.background.size,
    };
  }

  private get waitingCount() {
    return this.lines.write.size + this.lines.read.size + this.lines.background.size;
  }

  /** Runs `fn` when its turn comes; `lane` overrides the lane of the current request (transactions). */
  async run<T>(fn: () => Promise<T>, lane?: Lane): Promise<T> {
    const work = context.getStore();
    // A job's transactions stay in the background lane.
    const chosen = work?.lane === 'background' ? 'background' : (lane ?? work?.lane ?? 'read');
    // Embedded queries resolve without I/O: a job's chain of them would keep the event loop, and so every request's
    // I/O, to itself. Each piece of a job's work starts on a later turn of the loop.
    if (chosen === 'background') await new Promise((resolve) => setImmediate(resolve));
    if (
      this.running < this.opts.concurrency &&
      this.waitingCount === 0 &&
      !(chosen === 'background' && this.inGrace())
    ) {
      this.running += 1;
    } else {
      // Work outside a request (jobs, maintenance) takes its place as if a request arrived now.
      const waiting = this.wait(chosen, work?.seq ?? ++nextSeq);
      // Work that waits only for a grace period (nothing runs) needs a dispatch to start it.
      if (this.running < this.opts.concurrency) this.scheduleDispatch();
      await waiting;
    }
    try {
      return await fn();
    } finally {
      if (chosen !== 'background') this.foregroundEndedAt = performance.now();
      this.running -= 1;
      this.scheduleDispatch();
    }
  }

  /**
   * Hands the freed turn on after the current round of promise callbacks: the request whose query just finished
   * usually asks for its next one in that round, and as the oldest it should get the turn, not the next in line.
   */
  private scheduleDispatch() {
    if (this.isDispatchScheduled) return;
    if (this.waitingCount === 0) return;
    this.isDispatchScheduled = true;
    setImmediate(() => {
      this.isDispatchScheduled = false;
      this.dispatch();
    });
  }

  private wait(lane: Lane, seq: number): Promise<void> {
    const line = this.lines[lane];
    if (line.size >= this.opts.limit) {
      this.refused.full += 1;
      return Promise.reject(new DatabaseBusyError(`${line.size} ${lane}s waiting`));
    }
    if (this.lines.write.size + this.lines.read.size + 1 >= TRACK_FROM_WAITING) startTracking();
    return new Promise<void>((resolve, reject) => {
      line.push({ seq, enqueuedAt: Date.now(), start: resolve, fail: reject });
      this.startSweeper();
    });
  }

  private dispatch() {
    while (this.running < this.opts.concurrency) {
      const next = this.pickNext();
      if (!next) break;
      this.running += 1;
      next.start();
    }
    if (this.waitingCount === 0) {
      this.stopSweeper();
      noteCalm();
    }
  }

  private pickNext(): Waiting | undefined {
    const { write, read, background } = this.lines;
    if (background.size > 0 && background.peek()!.enqueuedAt <= Date.now() - BACKGROUND_MAX_WAIT_MS)
      return background.pop();
    const isReadsTurn = read.size > 0 && this.writesInARow >= (this.opts.writeBurst ?? 8);
    if (write.size > 0 && !isReadsTurn) {
      this.writesInARow += 1;
      return write.pop();
    }
    this.writesInARow = 0;
    const nextRead = read.pop();
    if (nextRead || background.size === 0) return nextRead;
    if (this.inGrace()) {
      this.dispatchAfterGrace();
      return undefined;
    }
    return background.pop();
  }

  private inGrace() {
    return performance.now() - this.foregroundEndedAt < BACKGROUND_GRACE_MS;
  }

  private dispatchAfterGrace() {
    if (this.graceTimer) return;
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      this.dispatch();
    }, BACKGROUND_GRACE_MS);
  }

  /** Refuses work that waited too long, checked a few times a second while anything waits. */
  private startSweeper() {
    if (this.sweeper) return;
    const interval = Math.max(20, Math.min(250, this.opts.timeoutMs / 4));
    this.sweeper = setInterval(() => {
      const cutoff = Date.now() - this.opts.timeoutMs;
      for (const line of Object.values(this.lines)) {
        for (const stale of line.takeOlderThan(cutoff)) {
          this.refused.timeout += 1;
          stale.fail(new DatabaseBusyError(`waited over ${this.opts.timeoutMs / 1000} s for the database`));
        }
      }
    }, interval);
    this.sweeper.unref();
  }

  private stopSweeper() {
    if (!this.sweeper) return;
    clearInterval(this.sweeper);
    this.sweeper = null;
  }
}
