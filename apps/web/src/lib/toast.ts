import { TOAST_DURATION_MS } from '@rally/shared';

export type ToastDuration = keyof typeof TOAST_DURATION_MS;
export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  duration: ToastDuration;
}

const listeners = new Set<() => void>();
let toasts: readonly Toast[] = [];
let nextId = 1;

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

/** Shows a toast; it disappears after its duration. Returns its id. */
export function showToast(
  message: string,
  options: { duration?: ToastDuration; tone?: ToastTone } = {},
): number {
  const duration = options.duration ?? 'short';
  const toast: Toast = { id: nextId++, message, tone: options.tone ?? 'info', duration };
  publish([...toasts, toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS[duration]);
  return toast.id;
}

export const toastStore = {
  getSnapshot: (): readonly Toast[] => toasts,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
