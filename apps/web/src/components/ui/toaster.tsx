import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { dismissToast, type ToastTone, toastStore } from '../../lib/toast';

const tones: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-slate-900 text-white',
  error: 'bg-red-700 text-white',
};

/**
 * Renders toasts in a polite live region: on phones only the newest, at the top under the header, where it
 * covers no form field or button the thumb is on (two stacked toasts hid the share form's link and button);
 * from tablet width up to three, at the bottom. The region is a child of the body, beside the app: an open dialog
 * makes the app inert (hidden from screen readers), and a toast raised meanwhile (a failed background step) must
 * still be announced and dismissable.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return createPortal(
    <section
      aria-label={t('toast.region')}
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+4.25rem)] z-50 flex flex-col items-center gap-2 px-4 md:top-auto md:bottom-6"
    >
      {toasts.map((toast, index) => (
        <div
          key={toast.id}
          className={clsx(
            'pointer-events-auto w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg',
            index === toasts.length - 1 ? 'flex' : 'hidden',
            index >= toasts.length - 3 && 'md:flex',
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
    </section>,
    document.body,
  );
}
