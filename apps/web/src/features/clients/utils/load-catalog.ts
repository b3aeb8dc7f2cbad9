import { DEFAULT_LOCALE, type Locale } from '@rally/shared';
import { firstStrings } from '../../../locales/en';
import { fetchStrings, mergeStrings } from '../../../locales/strings';
import { buildCatalog, type CatalogText, flattenStrings } from './text-catalog';

/** Every string of a language, first-load and later parts merged, as dotted key → text. */
async function allStrings(locale: Locale): Promise<Record<string, string>> {
  const first = locale === DEFAULT_LOCALE ? firstStrings() : await fetchStrings(locale, 'first');
  return flattenStrings(mergeStrings(first, await fetchStrings(locale, 'later'), `${locale}/later`));
}

/** The words editor's catalog of `locale`: its texts beside English's (both fetched as the app fetches them). */
export async function loadCatalog(locale: Locale): Promise<CatalogText[]> {
  const [english, shown] = await Promise.all([
    allStrings(DEFAULT_LOCALE),
    locale === DEFAULT_LOCALE ? null : allStrings(locale),
  ]);
  return buildCatalog(locale, english, shown ?? english);
}
