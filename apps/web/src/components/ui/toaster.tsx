import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, type ToastTone, toastStore } from '../../lib/toast';

const tones: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-slate-900 text-white',
  error: 'bg-red-700 text-white',
};

/** Renders toasts in a polite live region above the bottom bar. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <section
      aria-label={t('toast.region')}
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 md:bottom-6"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={clsx(
            'pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg',
            tones[toast.tone],
          )}
        >
          <p className="min-w-0 flex-1 break-words">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label={t('toast.dismiss')}
            className="-m-1 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ))}
    </section>
  );
}
