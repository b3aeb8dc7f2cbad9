import { isNativePlatform } from '../../../lib/native/platform';

/** The service worker (apps/web/public/sw.js): pushes, the offline shell, and the precached build. */
export const WORKER_URL = '/sw.js';
/** How long a new worker may take to take over after "Update Ready" before the page reloads anyway. */
const TAKEOVER_MS = 4_000;

/** The parts of the browser's service worker API the tracker uses (stand-ins in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;

export interface UpdateTracker {
  /** Registers the worker and watches it for a new build. */
  register(container: WorkerContainer): Promise<void>;
  /** A new build's worker is installed and waits to take over this page. */
  isUpdateWaiting(): boolean;
  /** Calls `listener` when isUpdateWaiting changes (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  /** Asks the browser to look for a new worker, i.e. a new build (a no-op before registration). */
  checkForUpdate(): void;
  /**
   * "Update Ready" chosen: the waiting worker takes over and the page reloads once it controls it; without one the
   * page reloads at once (pages load network first, so a reload gets the new build either way).
   */
  applyUpdate(): void;
}

/**
 * Tracks the service worker's updates: a new build installs beside the running one and waits (the worker does not
 * skip waiting on its own), which the user menu shows as "Update Ready" (SPEC 2) until the user chooses it.
 */
export function createUpdateTracker(reload: () => void = () => window.location.reload()): UpdateTracker {
  let registration: ServiceWorkerRegistration | null = null;
  let container: WorkerContainer | null = null;
  let waiting: ServiceWorker | null = null;
  const listeners = new Set<() => void>();

  const markWaiting = () => {
    // Without a controller this is the first install, not an update: it takes over on its own.
    const worker = registration?.waiting ?? null;
    if (!worker || !container?.controller || worker === waiting) return;
    waiting = worker;
    for (const listener of listeners) listener();
  };

  return {
    async register(workers) {
      container = workers;
      registration = await workers.register(WORKER_URL);
      markWaiting();
      registration.addEventListener('updatefound', () => {
        const worker = registration?.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed') markWaiting();
        });
      });
    },
    isUpdateWaiting: () => waiting !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    checkForUpdate() {
      registration?.update().catch(() => undefined);
    },
    applyUpdate() {
      const worker = waiting;
      if (!worker || !container || worker.state === 'redundant') {
        reload();
        return;
      }
      let isReloading = false;
      const reloadOnce = () => {
        if (isReloading) return;
        isReloading = true;
        reload();
      };
      container.addEventListener('controllerchange', reloadOnce);
      worker.postMessage({ type: 'SKIP_WAITING' });
      setTimeout(reloadOnce, TAKEOVER_MS);
    },
  };
}

/** The app's one tracker. */
export const appUpdates = createUpdateTracker();

/**
 * Registers the service worker of the web app (not in the native shell, which ships its build). Failures only
 * cost the offline shell and update notice, so they are logged.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || isNativePlatform()) return;
  appUpdates
    .register(navigator.serviceWorker)
    .catch((error: unknown) => console.warn('Service worker not registered', error));
}
