import type { Creative, User } from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';
import { useCreateCreative } from '../api/create-creative';
import { useUpdateCreative } from '../api/update-creative';
import { type CreativeFormValues, toCreativeRequest } from '../utils/creative-form';
import { CreativeForm } from './creative-form';

interface CreativeDialogProps {
  user: User;
  /** The creative to edit, or null to upload a new one. */
  creative: Creative | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Upload a creative, or rename, retag or replace one, in a dialog. */
export function CreativeDialog({ user, creative, isOpen, onClose }: CreativeDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateCreative(user.id);
  const update = useUpdateCreative(user.id);
  const mutation = creative ? update : create;

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const handleSubmit = (values: CreativeFormValues) => {
    const body = toCreativeRequest(values);
    const onSuccess = () => {
      showToast(t('library.saved', { name: body.name }), { tone: 'success' });
      close();
    };
    if (creative) update.mutate({ id: creative.id, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !mutation.isPending && close()}
      title={t(creative ? 'library.creatives.editTitle' : 'library.creatives.upload')}
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
      {isOpen && (
        <CreativeForm
          key={creative?.id ?? 'new'}
          id={formId}
          creative={creative}
          onSubmit={handleSubmit}
          serverError={mutation.error}
        />
      )}
    </Modal>
  );
}
