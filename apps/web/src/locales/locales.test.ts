import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CUSTOM_URL_MAX_LENGTH, LOCALES, validateCustomUrl } from '@rally/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstStrings, type Tree } from './en';
import { fetchLaterStrings, fetchStrings, mergeStrings } from './strings';

const SRC = join(__dirname, '..');
const KEY_CALL = /\bt\(\s*'([a-zA-Z][\w.]*)'/g;
const KEY_PROP =
  /(?:titleKey|labelKey|textKey)[=:]\s*["']([a-zA-Z][\w.]*)["']|(?:page|focus)\('([a-zA-Z][\w.]*)'\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

let common: Tree = {};
beforeAll(async () => {
  common = mergeStrings(firstStrings(), await fetchLaterStrings(), 'later');
});

function lookup(key: string, tree: Tree = common): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

function exists(key: string, tree: Tree = common): boolean {
  return ['', '_one', '_other'].some((suffix) => lookup(key + suffix, tree) !== undefined);
}

function keysUsedIn(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(KEY_CALL)) if (match[1]) used.add(match[1]);
    for (const match of text.matchAll(KEY_PROP)) {
      const key = match[1] ?? match[2];
      if (key) used.add(key);
    }
  }
  return used;
}

const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms;

/** The source files a module loads statically (itself included): what arrives with it, before any lazy chunk. */
function staticImports(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const base = resolve(dirname(file), match[1] ?? '');
    const target = ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((candidate) => existsSync(candidate));
    if (target && !target.endsWith('.json')) staticImports(target, into);
  }
  return into;
}

describe('locales/en/*.json', () => {
  it('has every key the source uses literally', () => {
    const used = keysUsedIn(sourceFiles(SRC));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !exists(key))).toEqual([]);
  });

  it('has every key of the shared navigation constants', async () => {
    const { ADMIN_TABS, COMMUNITY_TABS, MAIN_NAV, PERFORMANCE_TABS } = await import('@rally/shared');
    const keys = [...MAIN_NAV, ...COMMUNITY_TABS, ...PERFORMANCE_TABS, ...ADMIN_TABS].map(
      (item) => item.labelKey,
    );
    expect(keys.filter((key) => !exists(key))).toEqual([]);
  });

  it('gives the first load (the shell, home and login, which do not wait for later/*.json) all its words', async () => {
    // (The user menu's panel loads with the later strings: deferred-user-menu.tsx waits for both.)
    const entries = ['main.tsx', 'app/routes/home.tsx', 'app/routes/login-page.tsx'].map((f) => join(SRC, f));
    const files = new Set<string>();
    for (const entry of entries) staticImports(entry, files);
    expect(files.has(join(SRC, 'features/auth/components/login-form.tsx'))).toBe(true);
    expect(files.has(join(SRC, 'app/router.tsx'))).toBe(true);
    expect(files.has(join(SRC, 'app/routes/projects.tsx'))).toBe(false);
    expect(files.size).toBeGreaterThan(50);
    const first = firstStrings();
    // The router's page titles are read only once their route has loaded, and every route but home's and
    // login's waits for the later strings (router.tsx lazyPage): of its keys only the t(...) calls and the login
    // page's title must be in the first load.
    const router = join(SRC, 'app/router.tsx');
    files.delete(router);
    const used = keysUsedIn(files);
    for (const match of readFileSync(router, 'utf8').matchAll(KEY_CALL)) if (match[1]) used.add(match[1]);
    used.add('pages.login');
    const { MAIN_NAV } = await import('@rally/shared');
    for (const item of MAIN_NAV) used.add(item.labelKey);
    expect([...used].filter((key) => !exists(key, first))).toEqual([]);
  });

  it('keeps the first load small: later/*.json holds more words than common.json', async () => {
    const size = (tree: Tree) => JSON.stringify(tree).length;
    expect(size(await fetchLaterStrings())).toBeGreaterThan(size(firstStrings()));
  });
});

/** Every string of a tree as dotted key → text. */
function flatten(tree: Tree, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object') flatten(value, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = value;
  }
  return into;
}

/** The parts of a text i18next fills in: {{placeholders}} (format and all) and $t(...) nestings, sorted. */
function fillIns(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}|\$t\(([^)]*)\)/g)]
    .map((m) => m[0].replace(/\s+/g, ''))
    .sort();
}

/** The English key a translated key answers: `x_many` (Spanish plurals) stands for English's `x_other`. */
const englishKeyOf = (key: string) => key.replace(/_many$/, '_other');

const LOCALE_DIR = __dirname;
const jsonFiles = (lang: string) =>
  ['common.json', ...readdirSync(join(LOCALE_DIR, lang, 'later')).map((f) => `later/${f}`)].filter((f) =>
    f.endsWith('.json'),
  );
const readTree = (lang: string, file: string): Tree =>
  JSON.parse(readFileSync(join(LOCALE_DIR, lang, file), 'utf8')) as Tree;

/**
 * The same words in another language: the same files (so the first load carries the same words), each with exactly
 * English's keys, plus `_many` beside every plural `_other` (Spanish's third plural form), and in every text the
 * same placeholders and nestings as English's.
 */
function compareWithEnglish(lang: string) {
  const problems: string[] = [];
  const files = new Set([...jsonFiles('en'), ...jsonFiles(lang)]);
  for (const file of [...files].sort()) {
    if (!existsSync(join(LOCALE_DIR, 'en', file))) {
      problems.push(`${lang}/${file}: no such English file`);
      continue;
    }
    if (!existsSync(join(LOCALE_DIR, lang, file))) {
      problems.push(`${lang}/${file}: missing (English has it)`);
      continue;
    }
    const en = flatten(readTree('en', file));
    const other = flatten(readTree(lang, file));
    const expected = new Set(Object.keys(en));
    for (const key of Object.keys(en))
      if (key.endsWith('_other')) expected.add(key.replace(/_other$/, '_many'));
    for (const key of expected) if (!(key in other)) problems.push(`${lang}/${file}: missing ${key}`);
    for (const [key, text] of Object.entries(other)) {
      if (!expected.has(key)) {
        problems.push(`${lang}/${file}: extra ${key}`);
        continue;
      }
      const source = en[englishKeyOf(key)] ?? '';
      if (fillIns(text).join() !== fillIns(source).join())
        problems.push(
          `${lang}/${file}: ${key} fills in ${fillIns(text).join(' ') || 'nothing'}, English ${fillIns(source).join(' ') || 'nothing'}`,
        );
    }
  }
  return problems;
}

describe('the other languages (issue 14)', () => {
  const others = LOCALES.filter((lang) => lang !== 'en');

  it('has a folder per language of the app, laid out like English', () => {
    for (const lang of others)
      expect(existsSync(join(LOCALE_DIR, lang, 'common.json')), `${lang}/common.json`).toBe(true);
  });

  it.each(others)('%s has exactly English’s keys, with the same placeholders and nestings', (lang) => {
    expect(compareWithEnglish(lang)).toEqual([]);
  });

  it.each(others)(
    '%s loads as the app loads it (first and later strings, no key defined twice)',
    async (lang) => {
      const first = await fetchStrings(lang, 'first');
      const later = await fetchStrings(lang, 'later');
      expect(Object.keys(first).length).toBeGreaterThan(0);
      const all = flatten(mergeStrings(first, later, `${lang}/later`));
      const perFile = jsonFiles(lang).map((file) => Object.keys(flatten(readTree(lang, file))).length);
      expect(Object.keys(all).length).toBe(perFile.reduce((sum, n) => sum + n, 0));
    },
  );

  it('names what a translation lacks, has too many or fills in differently', () => {
    const en = { a: { b: 'Hi {{name}}', c_one: '{{count}} post', c_other: '{{count}} posts' } } as Tree;
    const es = { a: { b: 'Hola', c_one: '{{count}} post', c_other: '{{count}} posts', d: 'x' } } as Tree;
    const flatEn = flatten(en);
    const flatEs = flatten(es);
    expect(Object.keys(flatEn).filter((k) => !(k in flatEs))).toEqual([]);
    expect(fillIns(flatEn['a.b'] ?? '')).toEqual(['{{name}}']);
    expect(fillIns(flatEs['a.b'] ?? '')).toEqual([]);
    expect(fillIns('$t(words.projects) y {{ count, number }}')).toEqual([
      '$t(words.projects)',
      '{{count,number}}',
    ]);
    expect(englishKeyOf('a.c_many')).toBe('a.c_other');
  });
});

/**
 * How each language names a project or a team (issue 23): a text doing so must say the client's word through
 * `$t(words.project)`, `$t(words.projects)`, `$t(words.team)` or `$t(words.teams)` (SPEC 1: a custom word for
 * project and for team). "Campaign" is another name for a project, "teammate" one for a team's member. Every
 * language of the app needs its entry.
 */
const LITERAL_WORDS: Record<string, RegExp> = {
  en: /(?<!\p{L})(?:projects?|teams?|teammates?|campaigns?)(?!\p{L})/iu,
  es: /(?<!\p{L})(?:proyectos?|equipos?|campañas?)(?!\p{L})/iu,
};

/** Phrases that use the word for something else than a member team or project, with why. */
const OTHER_MEANINGS: Record<string, { pattern: RegExp; reason: string }[]> = {
  en: [
    { pattern: /brand team/giu, reason: 'the client’s own staff, not a team of members' },
    { pattern: /\{\{client\}\} team/giu, reason: 'the client’s own staff, not a team of members' },
    { pattern: /Microsoft Teams/gu, reason: 'the name of Microsoft’s product' },
    { pattern: /Teams (?:admin|apps?)\b|in Teams\b/gu, reason: 'Microsoft Teams by its short name' },
  ],
  es: [
    { pattern: /equipo de (?:la )?marca/giu, reason: 'the client’s own staff, not a team of members' },
    { pattern: /equipo de \{\{client\}\}/giu, reason: 'the client’s own staff, not a team of members' },
    { pattern: /Microsoft Teams/gu, reason: 'the name of Microsoft’s product' },
  ],
};

/** The only texts that may name a project or a team literally (in every language), each with why. */
const LITERAL_WORDS_ALLOWED: Record<string, string> = {
  'adminGeneral.words.description': 'tells the admin what the words they set here are for',
  'adminGeneral.words.projectSingular': 'the field where the admin sets the word for project',
  'adminGeneral.words.projectPlural': 'the field where the admin sets the word for projects',
  'adminGeneral.words.teamSingular': 'the field where the admin sets the word for team',
  'adminGeneral.words.teamPlural': 'the field where the admin sets the word for teams',
  'adminGeneral.words.roles.teamLead': 'the field where the admin sets the team lead role’s own label',
  'adminGeneral.words.roles.teamAdmin': 'the field where the admin sets the team admin role’s own label',
  'roles.teamLead':
    'a role label: the client overrides it with its own (config.role_labels → roles.teamLead)',
  'roles.teamAdmin':
    'a role label: the client overrides it with its own (config.role_labels → roles.teamAdmin)',
  'languages.editor.description': 'tells the admin editing texts that the words set above apply everywhere',
  'languages.editor.setAbove': 'tells the admin editing texts where the words for project and team are set',
};

/** Every text of `lang` (first and later strings) naming a project or a team outside the client's words. */
function literalWords(lang: string): string[] {
  const word = LITERAL_WORDS[lang];
  if (!word) return [`${lang}: no pattern for its words for project and team`];
  const found: string[] = [];
  for (const file of jsonFiles(lang))
    for (const [key, text] of Object.entries(flatten(readTree(lang, file)))) {
      if (key.startsWith('words.') || key.replace(/_(?:one|many|other)$/, '') in LITERAL_WORDS_ALLOWED)
        continue;
      if (nameLiterally(lang, text)) found.push(`${lang}/${file}: ${key}: ${text}`);
    }
  return found;
}

function nameLiterally(lang: string, text: string): boolean {
  let rest = text;
  for (const { pattern } of OTHER_MEANINGS[lang] ?? []) rest = rest.replace(pattern, '');
  rest = rest.replace(/\$t\([^)]*\)|\{\{[^}]*\}\}/g, '');
  return LITERAL_WORDS[lang]?.test(rest) ?? false;
}

describe('the client’s words for project and team (issue 23)', () => {
  it.each(LOCALES)('%s names projects and teams only through $t(words.…)', (lang) => {
    expect(literalWords(lang)).toEqual([]);
  });

  it('allows only texts that exist', () => {
    const keys = new Set(Object.keys(flatten(common)).map((key) => key.replace(/_(?:one|other)$/, '')));
    expect(Object.keys(LITERAL_WORDS_ALLOWED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('tells a literal word from the client’s', () => {
    expect(nameLiterally('en', 'All projects')).toBe(true);
    expect(nameLiterally('en', 'Your team’s average')).toBe(true);
    expect(nameLiterally('en', 'Join campaigns')).toBe(true);
    expect(nameLiterally('en', 'All $t(words.projects)')).toBe(false);
    expect(nameLiterally('en', 'Write to the brand team about {{projects}}')).toBe(false);
    expect(nameLiterally('en', 'Teammates')).toBe(true);
    expect(nameLiterally('en', 'Steamy projection')).toBe(false);
    expect(nameLiterally('es', 'Ver proyectos')).toBe(true);
    expect(nameLiterally('es', 'Campañas abiertas')).toBe(true);
    expect(nameLiterally('es', 'Ver $t(words.projects) con el equipo de marca')).toBe(false);
  });
});

describe('the server messages the app translates (languages.serverMessages)', () => {
  /** The server's and the shared rules' own texts (no tests), where the API's messages are written. */
  const said = () =>
    [join(SRC, '../../server/src'), join(SRC, '../../../packages/shared/src')]
      .flatMap((dir) => sourceFiles(dir).filter((file) => !/\.test\.tsx?$/.test(file)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');

  it('are each said by the server or the shared rules, word for word (a reworded message would go untranslated)', () => {
    const source = said();
    const known = lookup('languages.serverMessages') as Record<string, string>;
    // The custom URL rule puts its field's name together with the rest at run time: its answers are said as such.
    const composed = ['', ' ', 'x'.repeat(CUSTOM_URL_MAX_LENGTH + 1), 'a b'].map((slug) =>
      validateCustomUrl(slug),
    );
    // A message with values is written with them in between: each fixed part is in the source as it is.
    const unsaid = Object.entries(known).filter(
      ([, text]) =>
        !composed.includes(text.replace('{{max}}', String(CUSTOM_URL_MAX_LENGTH))) &&
        text
          .split(/\{\{\w+\}\}/)
          .filter((part) => part.trim().length > 3)
          .some((part) => !source.includes(part)),
    );
    expect(unsaid).toEqual([]);
    expect(Object.keys(known).length).toBeGreaterThan(40);
  });
});
