import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateTracker, WORKER_URL, type WorkerContainer } from './service-worker';

// Stand-ins for the browser's service worker objects, driven through the same events.
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  updateChecks = 0;
  async update() {
    this.updateChecks++;
  }
  /** The browser found a new sw.js: it installs, then waits while another worker controls the page. */
  findNewBuild() {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.becomes('installed');
    return worker;
  }
}

function setUp({ controlled, waiting }: { controlled: boolean; waiting?: FakeWorker }) {
  const registration = new FakeRegistration();
  registration.waiting = waiting ?? null;
  const registered: string[] = [];
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: async (url: string) => {
      registered.push(url);
      return registration;
    },
  });
  const reloads = { count: 0 };
  const tracker = createUpdateTracker(() => reloads.count++);
  const changes = { count: 0 };
  tracker.subscribe(() => changes.count++);
  return {
    registration,
    container,
    registered,
    reloads,
    changes,
    tracker,
    register: () => tracker.register(container as unknown as WorkerContainer),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createUpdateTracker', () => {
  it('registers the worker and takes a first install for no update', async () => {
    const s = setUp({ controlled: false });
    await s.register();
    expect(s.registered).toEqual([WORKER_URL]);
    s.registration.findNewBuild();
    expect(s.tracker.isUpdateWaiting()).toBe(false);
    expect(s.changes.count).toBe(0);
  });

  it('offers the update when a new build installs, and reloads once the new worker controls the page', async () => {
    vi.useFakeTimers();
    const s = setUp({ controlled: true });
    await s.register();
    expect(s.tracker.isUpdateWaiting()).toBe(false);
    const worker = s.registration.findNewBuild();
    expect(s.tracker.isUpdateWaiting()).toBe(true);
    expect(s.changes.count).toBe(1);

    s.tracker.applyUpdate();
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(s.reloads.count).toBe(0);
    s.container.dispatchEvent(new Event('controllerchange'));
    expect(s.reloads.count).toBe(1);
    // Neither a second change nor the fallback reloads again.
    s.container.dispatchEvent(new Event('controllerchange'));
    vi.runAllTimers();
    expect(s.reloads.count).toBe(1);
  });

  it('reloads anyway when the waiting worker never takes over', async () => {
    vi.useFakeTimers();
    const s = setUp({ controlled: true });
    await s.register();
    s.registration.findNewBuild();
    s.tracker.applyUpdate();
    expect(s.reloads.count).toBe(0);
    vi.runAllTimers();
    expect(s.reloads.count).toBe(1);
  });

  it('sees a build that was already waiting when the page loaded', async () => {
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    const s = setUp({ controlled: true, waiting });
    await s.register();
    expect(s.tracker.isUpdateWaiting()).toBe(true);
  });

  it('reloads at once when no worker waits (a new version reported by the server)', async () => {
    const s = setUp({ controlled: true });
    await s.register();
    s.tracker.applyUpdate();
    expect(s.reloads.count).toBe(1);
  });

  it('asks the browser to look for a new build only once registered', async () => {
    const s = setUp({ controlled: true });
    s.tracker.checkForUpdate();
    await s.register();
    s.tracker.checkForUpdate();
    expect(s.registration.updateChecks).toBe(1);
  });
});
