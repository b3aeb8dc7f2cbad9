import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending?: boolean;
  tone?: 'danger' | 'primary';
  /** An error of the confirmed action, shown inside the dialog. */
  error?: ReactNode;
}

/** A modal question with Cancel and a confirm button; focus starts on Cancel so Enter never destroys by accident. */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  isPending = false,
  tone = 'danger',
  error,
}: ConfirmDialogProps) {
  return (
    // The dialog element itself fills the screen, so it has a box (tools that check visibility see it).
    <Dialog
      open={isOpen}
      onClose={() => !isPending && onClose()}
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition duration-150 data-closed:opacity-0"
      />
      <div className="relative w-full max-w-md">
        <DialogPanel
          transition
          className="w-full rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:translate-y-4 data-closed:opacity-0"
        >
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600">{description}</Description>
          {error && <div className="mt-4">{error}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={isPending} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant={tone} onClick={onConfirm} isLoading={isPending}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
