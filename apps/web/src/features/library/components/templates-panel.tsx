import type { Template, User } from '@rally/shared';
import { FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../api/get-templates';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { collectTags } from '../utils/template-text';
import { DeleteItemDialog } from './delete-item-dialog';
import { LibraryEmpty, LibraryError, LibrarySkeleton } from './library-states';
import { LibraryToolbar } from './library-toolbar';
import { TemplateCard } from './template-card';
import { TemplateEditorDialog } from './template-editor-dialog';

type DialogState = { isOpen: boolean; template: Template | null };
const closed: DialogState = { isOpen: false, template: null };

/** The Templates tab: search, tag filter, the templates, and their editor. */
export function TemplatesPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const q = useDebouncedValue(search);
  const everything = useTemplates(user.id, {});
  const list = useTemplates(user.id, { q, tag });
  const [editor, setEditor] = useState<DialogState>(closed);
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const remove = useDeleteTemplate(user.id);

  return (
    <div className="space-y-5">
      <LibraryToolbar
        search={search}
        onSearch={setSearch}
        tag={tag}
        onTag={setTag}
        tags={collectTags(everything.data ?? [])}
        action={
          <Button onClick={() => setEditor({ isOpen: true, template: null })} className="w-full sm:w-auto">
            <Plus aria-hidden className="size-4" />
            {t('library.templates.new')}
          </Button>
        }
      />
      {list.isPending ? (
        <LibrarySkeleton />
      ) : list.isError ? (
        <LibraryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <LibraryEmpty icon={FileText} kind="templates" isFiltered={Boolean(q.trim() || tag)} />
      ) : (
        <ul
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy={list.isPlaceholderData || undefined}
        >
          {list.data.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                onEdit={() => setEditor({ isOpen: true, template })}
                onDelete={() => setDeleting({ isOpen: true, template })}
              />
            </li>
          ))}
        </ul>
      )}
      <TemplateEditorDialog
        user={user}
        template={editor.template}
        isOpen={editor.isOpen}
        onClose={() => setEditor((current) => ({ ...current, isOpen: false }))}
      />
      <DeleteItemDialog
        kind="templates"
        item={deleting.template}
        isOpen={deleting.isOpen}
        onClose={() => setDeleting((current) => ({ ...current, isOpen: false }))}
        mutation={remove}
      />
    </div>
  );
}
