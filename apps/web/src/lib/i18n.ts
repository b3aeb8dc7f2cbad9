import type { Client } from '@rally/shared';
import i18next, { type i18n as I18nInstance, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fetchLaterStrings, firstStrings } from '../locales/en';

export const DEFAULT_NAMESPACE = 'common';
/** Namespace used for client strings when the client has strings but names no namespace. */
const FALLBACK_CLIENT_NAMESPACE = 'client';

/** The app's i18next instance; initialised once in main.tsx with the client. */
export const i18n: I18nInstance = i18next.createInstance();

type ClientStrings = Pick<Client, 'config' | 'strings'>;
type Tree = { [key: string]: string | Tree };

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
 * i18next options: 'common' holds the defaults; the client's strings form their own namespace that is
 * looked up first (fallbackNS 'common'), so overrides win, also inside nested `$t(words.projects)`.
 */
export function buildI18nOptions(client: ClientStrings | null): InitOptions {
  const clientNs = getClientNamespace(client);
  const resources: Record<string, Tree> = { [DEFAULT_NAMESPACE]: firstStrings() };
  if (clientNs && client) resources[clientNs] = unflatten(client.strings);
  return {
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: resources },
    ns: clientNs ? [clientNs, DEFAULT_NAMESPACE] : [DEFAULT_NAMESPACE],
    defaultNS: clientNs ?? DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  };
}

/** Initialises the app's instance (React binding included) for this client. */
export async function initI18n(client: ClientStrings | null): Promise<I18nInstance> {
  await i18n.use(initReactI18next).init(buildI18nOptions(client));
  return i18n;
}

let later: Promise<void> | null = null;

/**
 * Adds the strings the first load leaves out (locales/en/index.ts) to the running instance, once; every page but
 * the first ones waits for it in its route. A failed fetch (offline) is tried again by the next caller.
 */
export function loadLaterStrings(): Promise<void> {
  later ??= fetchLaterStrings().then(
    (tree) => {
      i18n.addResourceBundle('en', DEFAULT_NAMESPACE, tree, true, false);
    },
    (error: unknown) => {
      later = null;
      throw error;
    },
  );
  return later;
}

/**
 * Swaps the running instance over to a changed client's strings: the previous client namespace is dropped (so
 * cleared overrides fall back to the defaults), the new one added and made the default, and every component that
 * translates re-renders (react-i18next listens to languageChanged).
 */
export function applyClientStrings(client: ClientStrings): void {
  const previous = i18n.options.ns;
  const previousNamespaces = typeof previous === 'string' ? [previous] : [...(previous ?? [])];
  for (const ns of previousNamespaces) if (ns !== DEFAULT_NAMESPACE) i18n.removeResourceBundle('en', ns);
  const clientNs = getClientNamespace(client);
  if (clientNs) i18n.addResourceBundle('en', clientNs, unflatten(client.strings), true, true);
  i18n.options.ns = clientNs ? [clientNs, DEFAULT_NAMESPACE] : [DEFAULT_NAMESPACE];
  i18n.setDefaultNamespace(clientNs ?? DEFAULT_NAMESPACE);
  void i18n.changeLanguage(i18n.language);
}
