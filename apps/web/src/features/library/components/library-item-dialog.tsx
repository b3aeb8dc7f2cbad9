import type { UseMutationResult } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';

interface LibraryItemDialogProps<TValues, TBody extends { name: string }> {
  /** The id of the item being edited, or null for a new one. */
  itemId: string | null;
  title: string;
  size?: ComponentProps<typeof Modal>['size'];
  isOpen: boolean;
  onClose: () => void;
  create: UseMutationResult<unknown, Error, TBody>;
  update: UseMutationResult<unknown, Error, { id: string; body: TBody }>;
  /** Form values to the request body. */
  toRequest: (values: TValues) => TBody;
  /** The form, submitted by the dialog's Save button through its `id`. */
  renderForm: (props: {
    id: string;
    onSubmit: (values: TValues) => void;
    serverError: Error | null;
  }) => ReactNode;
}

/** Creates or edits one library item in a dialog: Save/Cancel, a toast when saved, the server's error kept. */
export function LibraryItemDialog<TValues, TBody extends { name: string }>({
  itemId,
  title,
  size,
  isOpen,
  onClose,
  create,
  update,
  toRequest,
  renderForm,
}: LibraryItemDialogProps<TValues, TBody>) {
  const { t } = useTranslation();
  const formId = useId();
  const mutation = itemId ? update : create;

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const handleSubmit = (values: TValues) => {
    const body = toRequest(values);
    const onSuccess = () => {
      showToast(t('library.saved', { name: body.name }), { tone: 'success' });
      close();
    };
    if (itemId) update.mutate({ id: itemId, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !mutation.isPending && close()}
      size={size}
      title={title}
      closeLabel={t('library.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            {t('library.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={mutation.isPending}>
            {t('library.save')}
          </Button>
        </>
      }
    >
      {isOpen && renderForm({ id: formId, onSubmit: handleSubmit, serverError: mutation.error })}
    </Modal>
  );
}
