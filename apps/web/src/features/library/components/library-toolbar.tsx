import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { SelectListbox } from '../../../components/ui/select-listbox';

interface LibraryToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  tag: string;
  onTag: (value: string) => void;
  /** The tags to filter by. */
  tags: readonly string[];
  /** The panel's main button (New template, Upload creative). */
  action: ReactNode;
}

/** Search box, tag filter and the panel's main action. */
export function LibraryToolbar({ search, onSearch, tag, onTag, tags, action }: LibraryToolbarProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const options = [
    { value: '', label: t('library.allTags') },
    ...tags.map((value) => ({ value, label: value })),
  ];
  return (
    // Aligned by their tops: the labels are one line, so the controls line up (the listbox has a hidden extra child).
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1 space-y-1.5">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
          {t('library.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-3.5 left-3.5 size-4 text-slate-400"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder={t('library.searchPlaceholder')}
            className="pl-10"
          />
        </div>
      </div>
      <SelectListbox
        label={t('library.tag')}
        options={options}
        value={tag}
        onChange={onTag}
        className="sm:w-48"
      />
      <div className="sm:pt-6.5">{action}</div>
    </div>
  );
}
