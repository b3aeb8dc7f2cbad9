import { type Client, DEFAULT_LOCALE, type Locale } from '@rally/shared';
import type { i18n as I18nInstance } from 'i18next';
import { DEFAULT_NAMESPACE, firstStrings, type Tree } from '../locales/en';
import { fetchStrings, watchMissingKeys } from '../locales/strings';

/**
 * The second UI language's logic that needs no running instance (issue 14): which overrides of the client apply in
 * a language, how a server message reads in it, and how the app starts in it. A lazy chunk, loaded by lib/i18n.ts
 * for a first render in another language than English, and by lib/language.ts.
 */

type ClientStrings = Pick<Client, 'config' | 'strings'>;

/**
 * The client's overrides in one language, stored flat: English under the key, another language under `es:key`.
 * Another language also keeps the brand's own names (project/team words, role labels) where they are not the
 * English defaults, unless it names them itself; English overrides of any other text stay English-only.
 */
export function clientStringsFor(client: ClientStrings, locale: Locale): Record<string, string> {
  const english = firstStrings();
  const strings: Record<string, string> = {};
  for (const [stored, value] of Object.entries(client.strings)) {
    const [lng, key = ''] = stored.includes(':') ? stored.split(':') : [DEFAULT_LOCALE, stored];
    if (lng === locale) strings[key] = value;
    else if (lng === DEFAULT_LOCALE && /^(words|roles)\./.test(key)) {
      const [group = '', word = ''] = key.split('.');
      if ((english[group] as Tree | undefined)?.[word] !== value) strings[key] ??= value;
    }
  }
  return strings;
}

/** A client's word in a known message: `$t(words.team)` names the string `words.team`. */
const WORD = /^\$t\((words\.\w+)\)$/;

/** The client's English word (`words.team`) as the server says it: its own, else the app's. */
function englishWord(client: ClientStrings | null, key: string): string {
  const [group = '', word = ''] = key.split('.');
  return client?.strings[key] ?? String((firstStrings()[group] as Tree | undefined)?.[word] ?? '');
}

/** Where the English texts of the server's known messages are (locales/en/later/languages.json). */
const SERVER_MESSAGES = 'languages.serverMessages';

/** A known message with placeholders ("{{label}} is required") as a pattern that reads the values back. */
interface MessagePattern {
  key: string;
  pattern: RegExp;
  /** Per group: a placeholder's name, or `$t(words.…)` for the client's word there. */
  names: string[];
}

// The English table is fixed per build and language switch; its patterns are compiled once per table object.
const compiled = new WeakMap<Tree, MessagePattern[]>();

function patternsOf(known: Tree): MessagePattern[] {
  let list = compiled.get(known);
  if (list) return list;
  list = [];
  for (const [key, text] of Object.entries(known)) {
    if (typeof text !== 'string' || !(text.includes('{{') || text.includes('$t(words.'))) continue;
    const names: string[] = [];
    // A `$t(words.…)` is the client's word, which the server said in English: matched like a value, then checked
    // against that word and left out of the values, so the translation says the word in the shown language.
    const source = text
      .split(/(\{\{\w+\}\}|\$t\(words\.\w+\))/)
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.startsWith('{{') ? part.slice(2, -2) : part);
        return '(.+?)';
      })
      .join('');
    list.push({ key, pattern: new RegExp(`^${source}$`), names });
  }
  compiled.set(known, list);
  return list;
}

/**
 * A message in the shown language: the API's and the shared rules' messages are English, word for word as SPEC
 * quotes them, so a message found among the known ones shows its translation, and one matching a known message
 * with placeholders ("{{label}} must be {{max}} characters or less") shows its translation with the same values;
 * any other (most name a field or a value) as sent. A message naming a project or a team says the `client`'s
 * English word there (issue 23), and its translation the client's word in the shown language.
 */
export function localizeServerMessage(
  message: string,
  instance: I18nInstance,
  client: ClientStrings | null = null,
): string {
  if (instance.language === DEFAULT_LOCALE) return message;
  const known = instance.getResource(DEFAULT_LOCALE, DEFAULT_NAMESPACE, SERVER_MESSAGES) as Tree | undefined;
  if (!known) return message;
  const key = Object.keys(known).find((k) => known[k] === message);
  if (key)
    return instance.exists(`${SERVER_MESSAGES}.${key}`) ? instance.t(`${SERVER_MESSAGES}.${key}`) : message;
  for (const { key: found, pattern, names } of patternsOf(known)) {
    const match = pattern.exec(message);
    if (!match || !instance.exists(`${SERVER_MESSAGES}.${found}`)) continue;
    const words = names.map((name, i) => [name.match(WORD)?.[1], match[i + 1]] as const);
    if (words.some(([word, said]) => word && said !== englishWord(client, word))) continue;
    const values = Object.fromEntries(
      names.flatMap((name, i) => (WORD.test(name) ? [] : [[name, match[i + 1]]])),
    );
    return instance.t(`${SERVER_MESSAGES}.${found}`, values);
  }
  return message;
}

/** What the running app lends the language it starts in: where server messages get translated, and its client. */
export interface LanguageHooks {
  localize: (message: string) => string;
  client: () => ClientStrings | null;
}

/** Puts a running instance in `locale`'s ways: `<html lang>`, server messages translated, the e2e missing-key hook. */
export function applyLanguageTo(instance: I18nInstance, locale: Locale, hooks: LanguageHooks): void {
  document.documentElement.lang = locale;
  hooks.localize = (message) => localizeServerMessage(message, instance, hooks.client());
  watchMissingKeys(instance);
}

/**
 * What lib/i18n.ts's initI18n starts another language with: its first strings, the client's overrides in it, and
 * what to do once the instance runs.
 */
export async function bootLanguage(locale: Locale, client: ClientStrings | null) {
  const strings = await fetchStrings(locale, 'first');
  return {
    strings,
    clientStrings: client ? clientStringsFor(client, locale) : {},
    started: (instance: I18nInstance, hooks: LanguageHooks) => applyLanguageTo(instance, locale, hooks),
  };
}
