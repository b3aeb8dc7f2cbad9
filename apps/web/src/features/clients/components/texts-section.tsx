import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale, type User } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClientStrings } from '../api/client-strings';
import { loadCatalog } from '../utils/load-catalog';
import { searchCatalog } from '../utils/text-catalog';
import { type Drafts, withDraft } from '../utils/text-drafts';
import { SaveTextsBar } from './save-texts-bar';
import { SectionCard } from './section-card';
import { TextsList } from './texts-list';

/** How many matching texts are shown at once (a search narrows the rest down). */
const SHOWN_MAX = 40;

const LANGUAGE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/**
 * "Texts and languages" on /admin/general (ADMIN, issue 14): free overrides of any UI text through the client's
 * i18n namespace, per language. Search the app's texts (key, text, English), set or clear an override with its
 * preview, and save the changes together (PATCH /api/admin/client/strings); every open app repaints at once.
 * A lazy part of the page: its catalog (every text in the language) loads only here.
 */
export function TextsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [query, setQuery] = useState('');
  const [isOnlyChanged, setIsOnlyChanged] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>({});
  const search = useDeferredValue(query);
  const overrides = useClientStrings(user.id);
  const catalog = useQuery({ queryKey: ['locale-catalog', locale], queryFn: () => loadCatalog(locale) });
  const matches = useMemo(
    () =>
      catalog.data && overrides.data
        ? searchCatalog(catalog.data, search, {
            locale,
            overrides: { ...overrides.data, ...drafts },
            // Before any search: the texts changed in this language.
            isOnlyChanged: isOnlyChanged || !search.trim(),
          })
        : [],
    [catalog.data, overrides.data, drafts, search, locale, isOnlyChanged],
  );
  const isLoading = catalog.isPending || overrides.isPending;
  const error = catalog.error ?? overrides.error;
  return (
    <SectionCard title={t('languages.editor.title')} description={t('languages.editor.description')}>
      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1.5">
          <p aria-hidden className="text-sm font-medium text-slate-800">
            {t('languages.editor.language')}
          </p>
          <SegmentedControl
            label={t('languages.editor.language')}
            options={LANGUAGE_OPTIONS}
            value={locale}
            onChange={setLocale}
          />
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={isOnlyChanged}
            onChange={(event) => setIsOnlyChanged(event.target.checked)}
            className="size-4 rounded accent-(--color-primary-text)"
          />
          {t('languages.editor.onlyChanged')}
        </label>
      </div>
      <Field label={t('languages.editor.search')} hint={t('languages.editor.searchHint')}>
        {(control) => (
          <Input
            {...control}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
          />
        )}
      </Field>
      {locale === DEFAULT_LOCALE && (
        <p className="text-sm text-slate-600">{t('languages.editor.setAbove')}</p>
      )}
      {isLoading ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('languages.editor.loading')}</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : error ? (
        <Alert tone="error">
          <p>{t('languages.editor.loadFailed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void Promise.all([catalog.refetch(), overrides.refetch()])}
          >
            {t('languages.editor.retry')}
          </Button>
        </Alert>
      ) : (
        <TextsList
          locale={locale}
          entries={matches.slice(0, SHOWN_MAX)}
          total={matches.length}
          isSearching={search.trim() !== ''}
          saved={overrides.data ?? {}}
          drafts={drafts}
          onChange={(stored, value) => setDrafts((current) => withDraft(current, stored, value))}
        />
      )}
      <SaveTextsBar
        user={user}
        drafts={drafts}
        onSaved={() => setDrafts({})}
        onDiscard={() => setDrafts({})}
      />
    </SectionCard>
  );
}
