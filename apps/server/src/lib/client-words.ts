import { type Client, DEFAULT_LOCALE, type Locale } from '@rally/shared';

/**
 * A client's words for project and team (issue 23): what every text naming them says, on the server as in the web.
 * A text names them as the web's strings do, `$t(words.team)` and the like, and is filled in the reader's language.
 */

/** The words a text can name through `$t(words.…)` (the web's `words` strings). */
export type WordKey = 'project' | 'projects' | 'team' | 'teams';
export type Words = Readonly<Record<WordKey, string>>;

/** The client's words as its config stores them (clients.config: project, team and the i18n overrides). */
export interface ClientWordsConfig {
  project?: { singular: string; plural: string } | null;
  team?: { singular: string; plural: string } | null;
  strings?: Readonly<Record<string, string>> | null;
}

/** Each language's own words (the web's `words` in locales/<lang>/common.json). */
const DEFAULT_WORDS: Readonly<Record<Locale, Words>> = {
  en: { project: 'Project', projects: 'Projects', team: 'Team', teams: 'Teams' },
  es: { project: 'Proyecto', projects: 'Proyectos', team: 'Equipo', teams: 'Equipos' },
};

/**
 * The client's words in `locale`, as the web's i18n resolves `words.…` (clients.presenter.ts buildStrings, the
 * web's lib/language-core.ts clientStringsFor): English takes the client's override of the string, else its
 * configured word, else the default; another language its own override, else the client's English word where it
 * is not the English default (a brand's name for its projects), else the language's default. As configured, so
 * capitalised as the web shows it.
 */
export function wordsIn(locale: Locale, config: ClientWordsConfig = {}): Words {
  const strings = config.strings ?? {};
  const configured: Partial<Record<WordKey, string>> = {
    project: config.project?.singular,
    projects: config.project?.plural,
    team: config.team?.singular,
    teams: config.team?.plural,
  };
  const words = { ...DEFAULT_WORDS[locale] };
  for (const key of Object.keys(words) as WordKey[]) {
    const english = strings[`words.${key}`] ?? configured[key] ?? DEFAULT_WORDS.en[key];
    if (locale === DEFAULT_LOCALE) words[key] = english;
    else
      words[key] =
        strings[`${locale}:words.${key}`] ??
        (english !== DEFAULT_WORDS.en[key] ? english : DEFAULT_WORDS[locale][key]);
  }
  return words;
}

/** The words a client's presented config gives (`request.tenant.client`): its words and its i18n overrides. */
export function wordsConfigOf(
  client: Pick<Client, 'config' | 'strings'> | null | undefined,
): ClientWordsConfig {
  if (!client) return {};
  return { project: client.config.project, team: client.config.team, strings: client.strings };
}

/** Whether a text names a project or a team through `$t(words.…)` and needs the client's words to be read. */
export const namesWords = (text: string): boolean => text.includes('$t(words.');

/** Replaces each `$t(words.…)` in `text` with the word; an unknown word is left as written. */
export function fillWords(text: string, words: Words): string {
  return text.replace(/\$t\(words\.(\w+)\)/g, (all, key: string) =>
    Object.hasOwn(words, key) ? words[key as WordKey] : all,
  );
}
