import type { User } from '@rally/shared';
import { FileText, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { LibraryPanel } from './library-panel';
import { TemplateCard } from './template-card';
import { TemplateEditorDialog } from './template-editor-dialog';

/** The Templates tab: search, tag filter, the templates, and their editor. */
export function TemplatesPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <LibraryPanel
      user={user}
      kind="templates"
      useItems={useTemplates}
      useDelete={useDeleteTemplate}
      action={{ icon: Plus, label: t('library.templates.new') }}
      emptyIcon={FileText}
      gridClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      renderCard={(template, handlers) => <TemplateCard template={template} {...handlers} />}
      renderEditor={({ item, ...props }) => <TemplateEditorDialog user={user} template={item} {...props} />}
    />
  );
}
