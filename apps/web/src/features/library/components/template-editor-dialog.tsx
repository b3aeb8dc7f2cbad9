import type { Template, User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { toTemplateRequest } from '../utils/template-form';
import { LibraryItemDialog } from './library-item-dialog';
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
  return (
    <LibraryItemDialog
      itemId={template?.id ?? null}
      title={t(template ? 'library.templates.editTitle' : 'library.templates.newTitle')}
      size="xl"
      isOpen={isOpen}
      onClose={onClose}
      create={useCreateTemplate(user.id)}
      update={useUpdateTemplate(user.id)}
      toRequest={toTemplateRequest}
      renderForm={(form) => <TemplateForm key={template?.id ?? 'new'} template={template} {...form} />}
    />
  );
}
