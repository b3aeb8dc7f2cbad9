import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmModalProps {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** 'danger' for destructive actions (delete, archive). */
  tone?: 'primary' | 'danger';
  isPending?: boolean;
  /** The server's message when the action failed. */
  error?: string | null;
}

/** Asks before an action that is hard to undo; the failure message stays in the dialog. */
export function ConfirmModal({
  isOpen,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  tone = 'danger',
  isPending = false,
  error,
}: ConfirmModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      closeLabel={closeLabel}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Modal>
  );
}
