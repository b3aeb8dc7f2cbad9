import { type Locale, stringKeyFor } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import type { CatalogText } from '../utils/text-catalog';
import { previewText } from '../utils/text-catalog';
import type { Drafts } from '../utils/text-drafts';
import { TextOverrideRow } from './text-override-row';

interface TextsListProps {
  locale: Locale;
  /** The matching texts shown (the first ones). */
  entries: CatalogText[];
  /** How many texts match in all. */
  total: number;
  isSearching: boolean;
  saved: Record<string, string>;
  drafts: Drafts;
  onChange: (stored: string, value: string | null | undefined) => void;
}

/** The words editor's matching texts, each with its override; or why there is none. */
export function TextsList({ locale, entries, total, isSearching, saved, drafts, onChange }: TextsListProps) {
  const { t } = useTranslation();
  if (total === 0) {
    return (
      <p className="text-sm text-slate-600">
        {isSearching ? t('languages.editor.noResults') : t('languages.editor.noChanges')}
      </p>
    );
  }
  // Nestings read as members see them: in the chosen language, with the client's words.
  const preview = (text: string) => previewText(text, (key) => i18n.t(key, { lng: locale }));
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-slate-600">
        {t('languages.editor.results', { count: total })}
        {total > entries.length && ` ${t('languages.editor.showingFirst', { shown: entries.length })}`}
      </p>
      <p className="text-sm text-slate-500">{t('languages.editor.keepParts')}</p>
      <ul className="divide-y divide-slate-200">
        {entries.map((entry) => {
          const stored = stringKeyFor(locale, entry.key);
          return (
            <TextOverrideRow
              key={stored}
              entry={entry}
              lang={locale}
              saved={saved[stored] ?? null}
              draft={stored in drafts ? drafts[stored] : undefined}
              preview={preview}
              onChange={(value) => onChange(stored, value)}
            />
          );
        })}
      </ul>
    </div>
  );
}
