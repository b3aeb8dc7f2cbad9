import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

const widths = {
  sm: 'sm:max-w-md',
  md: 'sm:max-w-xl',
  lg: 'sm:max-w-3xl',
  xl: 'sm:max-w-3xl lg:max-w-5xl',
} as const;

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Sticky action row under the scrolling body (e.g. Cancel and Save). */
  footer?: ReactNode;
  /** Accessible name of the close button in the corner. */
  closeLabel: string;
  size?: keyof typeof widths;
  children?: ReactNode;
}

/**
 * A modal dialog: a sheet filling the phone screen from the bottom, a centred card from tablet width.
 * The body scrolls between a fixed title and a fixed footer, so Save is always in reach.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  footer,
  closeLabel,
  size = 'md',
  children,
}: ModalProps) {
  return (
    <Dialog open={isOpen} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-6">
        <DialogPanel
          transition
          className={clsx(
            'flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl transition duration-150',
            'data-closed:translate-y-4 data-closed:opacity-0 sm:max-h-[88dvh] sm:rounded-2xl',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-m-1.5 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">{children}</div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3.5 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
