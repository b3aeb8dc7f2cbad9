import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';

interface DeleteItemDialogProps {
  /** The item being deleted; kept while the dialog closes. */
  item: { id: string; name: string } | null;
  isOpen: boolean;
  onClose: () => void;
  mutation: UseMutationResult<unknown, Error, string>;
  /** 'templates' or 'creatives': picks the texts. */
  kind: 'templates' | 'creatives';
}

/** Asks before deleting a library item; activities that use it keep showing it. */
export function DeleteItemDialog({ item, isOpen, onClose, mutation, kind }: DeleteItemDialogProps) {
  const { t } = useTranslation();
  const handleClose = () => {
    mutation.reset();
    onClose();
  };
  const handleConfirm = () => {
    if (!item) return;
    mutation.mutate(item.id, {
      onSuccess: () => {
        handleClose();
        showToast(t('library.deleted', { name: item.name }), { tone: 'success' });
      },
    });
  };
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('library.deleteTitle', { name: item?.name ?? '' })}
      description={t(`library.${kind}.deleteText`)}
      confirmLabel={t('library.delete')}
      cancelLabel={t('library.cancel')}
      onClose={handleClose}
      onConfirm={handleConfirm}
      isPending={mutation.isPending}
      error={mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
    />
  );
}
