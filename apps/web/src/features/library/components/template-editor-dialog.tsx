import type { Template, User } from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { type TemplateFormValues, toTemplateRequest } from '../utils/template-form';
import { TemplateForm } from './template-form';

interface TemplateEditorDialogProps {
  user: User;
  /** The template to edit, or null for a new one. */
  template: Template | null;
  isOpen: boolean;
  onClose: () => void;
}

/** New template or edit one, in a dialog. */
export function TemplateEditorDialog({ user, template, isOpen, onClose }: TemplateEditorDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateTemplate(user.id);
  const update = useUpdateTemplate(user.id);
  const mutation = template ? update : create;

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const handleSubmit = (values: TemplateFormValues) => {
    const body = toTemplateRequest(values);
    const onSuccess = () => {
      showToast(t('library.saved', { name: body.name }), { tone: 'success' });
      close();
    };
    if (template) update.mutate({ id: template.id, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !mutation.isPending && close()}
      size="xl"
      title={t(template ? 'library.templates.editTitle' : 'library.templates.newTitle')}
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
        <TemplateForm
          key={template?.id ?? 'new'}
          id={formId}
          template={template}
          onSubmit={handleSubmit}
          serverError={mutation.error}
        />
      )}
    </Modal>
  );
}
