import { LOCALES, type Locale, type User } from '@rally/shared';
import { useEffect } from 'react';
import { fetchStrings } from '../locales/strings';
import {
  type ClientStrings,
  DEFAULT_NAMESPACE,
  getAppClient,
  getClientNamespace,
  hasLaterStrings,
  i18n,
  LOCALE_STORAGE_KEY,
  loadLaterOf,
  resolveLanguage,
  serverMessages,
  setAppClient,
  unflatten,
} from './i18n';
import { applyLanguageTo, clientStringsFor } from './language-core';
import { readItem, removeItem, writeItem } from './storage';

/**
 * The second UI language in the running app (issue 14): switching at once, following the member's choice, and the
 * client's overrides per language. A lazy chunk (its pure parts are in lib/language-core.ts).
 */

/**
 * Puts the client's overrides for `locale` in its namespace, those of every other language out, and makes it the
 * default namespace. Only the shown language may hold them: i18next tries every language of a namespace before
 * the next namespace, so an English override would otherwise beat the translation in 'common'.
 */
export function putClientStrings(client: ClientStrings | null, locale: Locale, instance = i18n): void {
  if (instance === i18n) setAppClient(client);
  for (const ns of [instance.options.ns ?? []].flat())
    if (ns !== DEFAULT_NAMESPACE) for (const lng of LOCALES) instance.removeResourceBundle(lng, ns);
  const clientNs = getClientNamespace(client);
  if (client && clientNs) {
    instance.addResourceBundle(locale, clientNs, unflatten(clientStringsFor(client, locale)), true, true);
  }
  instance.options.ns = clientNs ? [clientNs, DEFAULT_NAMESPACE] : [DEFAULT_NAMESPACE];
  instance.setDefaultNamespace(clientNs ?? DEFAULT_NAMESPACE);
  void instance.changeLanguage(instance.language);
}

let latest: Locale | null = null;

/**
 * Switches the running app to `locale` at once, without a reload: its strings are fetched first (the later ones
 * too once the app has any), then the client's overrides of that language are put in place and every component
 * that translates re-renders; `<html lang>` follows.
 */
export async function setLanguage(locale: Locale): Promise<void> {
  // The latest choice wins: a switch still fetching its strings gives way to a newer one.
  latest = locale;
  if (locale === i18n.language) return;
  if (!i18n.hasResourceBundle(locale, DEFAULT_NAMESPACE)) {
    i18n.addResourceBundle(locale, DEFAULT_NAMESPACE, await fetchStrings(locale, 'first'), true, false);
  }
  if (hasLaterStrings()) await loadLaterOf(locale);
  if (latest !== locale) return;
  applyLanguageTo(i18n, locale, serverMessages);
  putClientStrings(getAppClient(), locale);
  await i18n.changeLanguage(locale);
}

/** The language for this user: theirs, else this device's last choice, else the browser's (navigator.languages). */
export function languageFor(user: Pick<User, 'locale'> | null): Locale {
  return resolveLanguage(user?.locale ?? readItem(LOCALE_STORAGE_KEY), navigator.languages);
}

/**
 * Keeps the UI in the signed-in member's language (issue 14): whenever the session's user is loaded or replaced
 * (login, /profile saving a language, a change made on another device seen by /api/me) the app switches at once,
 * and the choice is remembered on this device so the next visit's first render is already in it (logout clears it
 * with the other preferences). Runs among the shell's background services (app/layout/shell-services.tsx), a chunk
 * loaded after the first paint: the first render used this device's last choice.
 */
export function useUserLanguage(user: Pick<User, 'id' | 'locale'> | null): void {
  const locale = user?.locale;
  const isSignedIn = user !== null;
  useEffect(() => {
    if (!isSignedIn) return;
    if (locale) writeItem(LOCALE_STORAGE_KEY, locale);
    else removeItem(LOCALE_STORAGE_KEY);
    const shown = languageFor({ locale: locale ?? null });
    if (shown !== i18n.language)
      setLanguage(shown).catch((error: unknown) => console.error('Could not switch the language', error));
  }, [isSignedIn, locale]);
}

/**
 * Swaps the running app over to a changed client's strings (lib/client.tsx, when the admin saved new words or the
 * live stream said so): the previous overrides are dropped (cleared ones fall back to the app's texts), the new
 * ones of the shown language put in place, and every component that translates re-renders.
 */
export function applyClientStrings(client: ClientStrings): void {
  putClientStrings(client, resolveLanguage(i18n.language));
}
