import type { User } from '@rally/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { LibraryFilter } from '../api/query-keys';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { collectTags } from '../utils/template-text';
import { DeleteItemDialog } from './delete-item-dialog';
import { LibraryEmpty, LibraryError, LibrarySkeleton } from './library-states';
import { LibraryToolbar } from './library-toolbar';

/** A library item as the panel needs it. */
interface Item {
  id: string;
  name: string;
  tags: readonly string[];
}

interface DialogState<T> {
  isOpen: boolean;
  item: T | null;
}

interface LibraryPanelProps<T extends Item> {
  user: User;
  /** 'templates' or 'creatives': picks the texts. */
  kind: 'templates' | 'creatives';
  /** The items matching a filter (the previous results stay while a new search loads). */
  useItems: (userId: string, filter: LibraryFilter) => UseQueryResult<T[]>;
  useDelete: (userId: string) => UseMutationResult<unknown, Error, string>;
  /** The "new item" button: its icon and label. */
  action: { icon: LucideIcon; label: string };
  emptyIcon: LucideIcon;
  /** Classes of the item grid. */
  gridClassName: string;
  /** Taller skeleton cards (thumbnails). */
  isTall?: boolean;
  renderCard: (item: T, handlers: { onEdit: () => void; onDelete: () => void }) => ReactNode;
  /** The create/edit dialog for `item` (null: a new one). */
  renderEditor: (props: { item: T | null; isOpen: boolean; onClose: () => void }) => ReactNode;
}

/** One tab of the library: search, tag filter, the items, their editor and the delete confirmation. */
export function LibraryPanel<T extends Item>({
  user,
  kind,
  useItems,
  useDelete,
  action,
  emptyIcon,
  gridClassName,
  isTall,
  renderCard,
  renderEditor,
}: LibraryPanelProps<T>) {
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const q = useDebouncedValue(search);
  const everything = useItems(user.id, {});
  const list = useItems(user.id, { q, tag });
  const closed: DialogState<T> = { isOpen: false, item: null };
  const [editor, setEditor] = useState<DialogState<T>>(closed);
  const [deleting, setDeleting] = useState<DialogState<T>>(closed);
  const remove = useDelete(user.id);
  const ActionIcon = action.icon;

  return (
    <div className="space-y-5">
      <LibraryToolbar
        search={search}
        onSearch={setSearch}
        tag={tag}
        onTag={setTag}
        tags={collectTags(everything.data ?? [])}
        action={
          <Button onClick={() => setEditor({ isOpen: true, item: null })} className="w-full sm:w-auto">
            <ActionIcon aria-hidden className="size-4" />
            {action.label}
          </Button>
        }
      />
      {list.isPending ? (
        <LibrarySkeleton tall={isTall} />
      ) : list.isError ? (
        <LibraryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <LibraryEmpty icon={emptyIcon} kind={kind} isFiltered={Boolean(q.trim() || tag)} />
      ) : (
        <ul className={gridClassName} aria-busy={list.isPlaceholderData || undefined}>
          {list.data.map((item) => (
            <li key={item.id}>
              {renderCard(item, {
                onEdit: () => setEditor({ isOpen: true, item }),
                onDelete: () => setDeleting({ isOpen: true, item }),
              })}
            </li>
          ))}
        </ul>
      )}
      {renderEditor({
        item: editor.item,
        isOpen: editor.isOpen,
        onClose: () => setEditor((current) => ({ ...current, isOpen: false })),
      })}
      <DeleteItemDialog
        kind={kind}
        item={deleting.item}
        isOpen={deleting.isOpen}
        onClose={() => setDeleting((current) => ({ ...current, isOpen: false }))}
        mutation={remove}
      />
    </div>
  );
}
