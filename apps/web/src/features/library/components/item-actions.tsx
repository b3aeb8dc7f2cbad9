import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 ' +
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-text';

/** Edit and Delete icon buttons named after the item ("Edit Launch post"). */
export function ItemActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 gap-0.5">
      <button
        type="button"
        className={iconButton}
        onClick={onEdit}
        aria-label={t('library.editLabel', { name })}
      >
        <Pencil aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
        onClick={onDelete}
        aria-label={t('library.deleteLabel', { name })}
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </div>
  );
}
