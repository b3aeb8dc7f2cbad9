import { type Client, DEFAULT_LOCALE, isLocale, type Locale } from '@rally/shared';
import i18next, { type i18n as I18nInstance, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACE, firstStrings, type Tree } from '../locales/en';
import { readItem } from './storage';

export { DEFAULT_NAMESPACE };

/** Namespace used for client strings when the client has strings but names no namespace. */
const FALLBACK_CLIENT_NAMESPACE = 'client';
/** The language of the member last signed in on this device, so their next first render is already in it. */
export const LOCALE_STORAGE_KEY = 'rally.locale';

/** The app's i18next instance; initialised once in main.tsx with the client. */
export const i18n: I18nInstance = i18next.createInstance();

export type ClientStrings = Pick<Client, 'config' | 'strings'>;
let appClient: ClientStrings | null = null;

/** The client whose strings the instance holds (lib/language.ts swaps them for a changed client or language). */
export const getAppClient = () => appClient;
export const setAppClient = (client: ClientStrings | null) => {
  appClient = client;
};

/**
 * The UI language (issue 14): the member's choice (/profile), else the browser's first language the app has
 * (navigator.languages; 'es-MX' counts as 'es'), else English.
 */
export function resolveLanguage(choice: unknown, browser: readonly string[] = []): Locale {
  const languages = browser.map((tag) => tag.toLowerCase().split('-')[0]);
  return [choice, ...languages].find(isLocale) ?? DEFAULT_LOCALE;
}

/**
 * The server's messages are English, word for word as SPEC quotes them; in another language the API client shows
 * the translation of the ones it knows (lib/language-core.ts puts the lookup here), any other as sent.
 */
export const serverMessages = { localize: (message: string) => message, client: getAppClient };

/** Turns flat keys ('words.project') into the nested shape i18next looks keys up in. */
export function unflatten(strings: Record<string, string>): Tree {
  const tree: Tree = {};
  for (const [key, value] of Object.entries(strings)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const child: Tree = {};
        node[part] = child;
        node = child;
      }
    }
    node[parts[parts.length - 1] ?? key] = value;
  }
  return tree;
}

/** The client's namespace, or null when the client overrides nothing. */
export function getClientNamespace(client: ClientStrings | null): string | null {
  if (!client) return null;
  if (client.config.i18n_namespace) return client.config.i18n_namespace;
  return Object.keys(client.strings).length > 0 ? FALLBACK_CLIENT_NAMESPACE : null;
}

/**
 * i18next options: 'common' holds the defaults (English always, the fallback; `strings` for another language);
 * the client's strings form their own namespace, looked up first (fallbackNS 'common'), so overrides win, also
 * inside nested `$t(words.projects)`. `clientStrings` are the client's overrides in `locale` (lib/language-core.ts
 * clientStringsFor); English takes the stored ones as they are, where another language's `es:` keys are inert
 * (i18next never looks a key with a colon up), so the first load needs no code to sort them.
 */
export function buildI18nOptions(
  client: ClientStrings | null,
  locale: Locale = DEFAULT_LOCALE,
  strings: Tree = {},
  clientStrings: Record<string, string> = client?.strings ?? {},
): InitOptions {
  const clientNs = getClientNamespace(client);
  const resources: Record<string, Record<string, Tree>> = { en: { [DEFAULT_NAMESPACE]: firstStrings() } };
  resources[locale] ??= { [DEFAULT_NAMESPACE]: strings };
  if (clientNs) resources[locale][clientNs] = unflatten(clientStrings);
  return {
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    ns: clientNs ? [clientNs, DEFAULT_NAMESPACE] : [DEFAULT_NAMESPACE],
    defaultNS: clientNs ?? DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  };
}

/** The lazy chunk holding every string but the first load's English (locales/strings.ts). */
export const loadStringsModule = () => import('../locales/strings');

/**
 * Initialises the app's instance (React binding included) for this client, in the language this device last
 * used, else the browser's: English needs nothing more than the first load; another language's first strings
 * (lib/language-core.ts) are fetched before the first render (English it is, should they fail).
 */
export async function initI18n(client: ClientStrings | null): Promise<I18nInstance> {
  appClient = client;
  const locale = resolveLanguage(readItem(LOCALE_STORAGE_KEY), globalThis.navigator?.languages);
  const language = locale === DEFAULT_LOCALE ? null : await import('./language-core').catch(() => null);
  const boot = await language?.bootLanguage(locale, client).catch(() => null);
  await i18n
    .use(initReactI18next)
    .init(buildI18nOptions(client, boot ? locale : DEFAULT_LOCALE, boot?.strings, boot?.clientStrings));
  boot?.started(i18n, serverMessages);
  // Tests record every key a page asks for that its language lacks (locales/strings.ts watchMissingKeys); another
  // language's boot already did. A real visit has no such list and loads nothing for it.
  if (!boot && Array.isArray((globalThis as { __rallyMissingKeys?: unknown }).__rallyMissingKeys)) {
    (await loadStringsModule()).watchMissingKeys(i18n);
  }
  return i18n;
}

const later = new Map<string, Promise<void>>();

/** One language's later strings, added to the running instance once (a failed fetch is tried again next time). */
export function loadLaterOf(locale: Locale): Promise<void> {
  let loading = later.get(locale);
  if (!loading) {
    loading = loadStringsModule()
      .then((m) => m.fetchStrings(locale, 'later'))
      .then(
        (tree) => {
          i18n.addResourceBundle(locale, DEFAULT_NAMESPACE, tree, true, false);
        },
        (error: unknown) => {
          later.delete(locale);
          throw error;
        },
      );
    later.set(locale, loading);
  }
  return loading;
}

/** Whether any later strings were asked for (a language switch then fetches the new language's at once). */
export const hasLaterStrings = () => later.size > 0;

/**
 * Adds the strings the first load leaves out (locales/en/index.ts) to the running instance, once; every page but
 * the first ones waits for it in its route. Another language loads English's too: its fallback.
 */
export function loadLaterStrings(): Promise<void> {
  const locale = resolveLanguage(i18n.language);
  return Promise.all([loadLaterOf(DEFAULT_LOCALE), loadLaterOf(locale)]).then(() => undefined);
}
