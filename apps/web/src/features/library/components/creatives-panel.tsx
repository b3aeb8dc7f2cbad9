import type { Creative, User } from '@rally/shared';
import { Images, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useDeleteCreative } from '../api/delete-creative';
import { useCreatives } from '../api/get-creatives';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { collectTags } from '../utils/template-text';
import { CreativeCard } from './creative-card';
import { CreativeDialog } from './creative-dialog';
import { DeleteItemDialog } from './delete-item-dialog';
import { LibraryEmpty, LibraryError, LibrarySkeleton } from './library-states';
import { LibraryToolbar } from './library-toolbar';

type DialogState = { isOpen: boolean; creative: Creative | null };
const closed: DialogState = { isOpen: false, creative: null };

/** The Creatives tab: search, tag filter, a grid of thumbnails, upload and edit. */
export function CreativesPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const q = useDebouncedValue(search);
  const everything = useCreatives(user.id, {});
  const list = useCreatives(user.id, { q, tag });
  const [editor, setEditor] = useState<DialogState>(closed);
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const remove = useDeleteCreative(user.id);

  return (
    <div className="space-y-5">
      <LibraryToolbar
        search={search}
        onSearch={setSearch}
        tag={tag}
        onTag={setTag}
        tags={collectTags(everything.data ?? [])}
        action={
          <Button onClick={() => setEditor({ isOpen: true, creative: null })} className="w-full sm:w-auto">
            <Upload aria-hidden className="size-4" />
            {t('library.creatives.upload')}
          </Button>
        }
      />
      {list.isPending ? (
        <LibrarySkeleton tall />
      ) : list.isError ? (
        <LibraryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <LibraryEmpty icon={Images} kind="creatives" isFiltered={Boolean(q.trim() || tag)} />
      ) : (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
          aria-busy={list.isPlaceholderData || undefined}
        >
          {list.data.map((creative) => (
            <li key={creative.id}>
              <CreativeCard
                creative={creative}
                onEdit={() => setEditor({ isOpen: true, creative })}
                onDelete={() => setDeleting({ isOpen: true, creative })}
              />
            </li>
          ))}
        </ul>
      )}
      <CreativeDialog
        user={user}
        creative={editor.creative}
        isOpen={editor.isOpen}
        onClose={() => setEditor((current) => ({ ...current, isOpen: false }))}
      />
      <DeleteItemDialog
        kind="creatives"
        item={deleting.creative}
        isOpen={deleting.isOpen}
        onClose={() => setDeleting((current) => ({ ...current, isOpen: false }))}
        mutation={remove}
      />
    </div>
  );
}
