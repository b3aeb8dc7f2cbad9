import type { Client, Locale } from '@rally/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Tree } from '../locales/en';
import { fetchLaterStrings, watchMissingKeys } from '../locales/strings';
import { buildI18nOptions, DEFAULT_NAMESPACE, getClientNamespace, resolveLanguage, unflatten } from './i18n';
import { putClientStrings } from './language';
import { clientStringsFor } from './language-core';

type ClientStrings = Pick<Client, 'config' | 'strings'>;

function client(namespace: string | null, strings: Record<string, string>): ClientStrings {
  return { config: { i18n_namespace: namespace } as Client['config'], strings };
}

/** An instance as the running app has it once the later strings arrived (loadLaterStrings). */
async function translator(c: ClientStrings | null) {
  const instance = i18next.createInstance();
  await instance.init(buildI18nOptions(c));
  instance.addResourceBundle('en', DEFAULT_NAMESPACE, await fetchLaterStrings(), true, false);
  return instance.t;
}

/** A small Spanish 'common' (the real files are checked key for key in locales.test.ts). */
const SPANISH: Tree = {
  words: { project: 'Proyecto', projects: 'Proyectos' },
  nav: { home: 'Inicio', projects: '$t(words.projects)' },
  roles: { user: 'Miembro' },
};

/** An instance showing `locale` as initI18n starts it, English's later strings added as loadLaterStrings does. */
async function instanceIn(locale: Locale, c: ClientStrings | null, strings: Tree = SPANISH) {
  const instance = i18next.createInstance();
  const overrides = c ? clientStringsFor(c, locale) : {};
  await instance.init(buildI18nOptions(c, locale, strings, overrides));
  instance.addResourceBundle('en', DEFAULT_NAMESPACE, await fetchLaterStrings(), true, false);
  return instance;
}

describe('i18n', () => {
  it('uses the common defaults without a client namespace', async () => {
    const t = await translator(null);
    expect(t('words.projects')).toBe('Projects');
    expect(t('nav.projects')).toBe('Projects');
    expect(t('roles.teamLead')).toBe('Team Lead');
  });

  it("lets the client's strings win, also inside nested $t(...) of common strings", async () => {
    const t = await translator(
      client('acme', {
        'words.project': 'Campaign',
        'words.projects': 'Campaigns',
        'roles.user': 'Champion',
      }),
    );
    expect(t('words.projects')).toBe('Campaigns');
    expect(t('nav.projects')).toBe('Campaigns');
    expect(t('roles.user')).toBe('Champion');
    // Keys the client does not override fall back to common.
    expect(t('nav.home')).toBe('Home');
    expect(t('roles.admin')).toBe('Admin');
  });

  it('starts with the first load’s strings and keeps client overrides when the later ones arrive', async () => {
    const instance = i18next.createInstance();
    await instance.init(
      buildI18nOptions(client('acme', { 'roles.user': 'Champion', 'words.projects': 'Campaigns' })),
    );
    expect(instance.t('nav.projects')).toBe('Campaigns');
    expect(instance.t('roles.admin')).toBe('roles.admin');
    instance.addResourceBundle('en', DEFAULT_NAMESPACE, await fetchLaterStrings(), true, false);
    expect(instance.t('roles.admin')).toBe('Admin');
    expect(instance.t('roles.user')).toBe('Champion');
    expect(instance.t('nav.home')).toBe('Home');
  });

  it('accepts nested client strings too', async () => {
    const t = await translator(client('acme', unflatten({ 'words.team': 'Squad' }) as never));
    expect(t('words.team')).toBe('Squad');
  });

  it('finds the client namespace', () => {
    expect(getClientNamespace(client('acme', {}))).toBe('acme');
    expect(getClientNamespace(client(null, {}))).toBeNull();
    expect(getClientNamespace(client(null, { 'words.team': 'Squad' }))).toBe('client');
  });

  it('unflattens dotted keys', () => {
    expect(unflatten({ 'a.b': 'x', 'a.c': 'y', d: 'z' })).toEqual({ a: { b: 'x', c: 'y' }, d: 'z' });
  });

  it('keeps English overrides in English: Spanish keys (es:…) are no English text', async () => {
    const t = await translator(client('acme', { 'nav.home': 'Start', 'es:nav.home': 'Portada' }));
    expect(t('nav.home')).toBe('Start');
  });
});

describe('resolveLanguage: the member’s choice, else the browser’s, else English', () => {
  it('takes the member’s choice over the browser', () => {
    expect(resolveLanguage('es', ['en-US'])).toBe('es');
    expect(resolveLanguage('en', ['es-ES', 'es'])).toBe('en');
  });

  it('takes the browser’s first language the app has when the member chose none', () => {
    expect(resolveLanguage(null, ['es-MX', 'en'])).toBe('es');
    expect(resolveLanguage(undefined, ['fr-FR', 'ES', 'en'])).toBe('es');
    expect(resolveLanguage(null, ['fr-FR', 'en-GB', 'es'])).toBe('en');
    // A stored value the app no longer has is no choice.
    expect(resolveLanguage('fr', ['es-ES'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(resolveLanguage(null, [])).toBe('en');
    expect(resolveLanguage(null, ['de-DE', 'fr'])).toBe('en');
    expect(resolveLanguage(null)).toBe('en');
  });
});

describe('another language: client override > that language > English', () => {
  it('shows the language’s strings, English for what it lacks', async () => {
    const { t } = await instanceIn('es', null);
    expect(t('nav.home')).toBe('Inicio');
    expect(t('nav.projects')).toBe('Proyectos');
    expect(t('roles.user')).toBe('Miembro');
    // Not in the small Spanish fixture: English is the fallback.
    expect(t('roles.admin')).toBe('Admin');
  });

  it('lets the client’s overrides of that language win, and keeps its English ones out', async () => {
    const acme = client('acme', {
      'words.project': 'Project',
      'words.projects': 'Projects',
      'nav.home': 'Start',
      'es:nav.home': 'Portada',
    });
    const { t } = await instanceIn('es', acme);
    expect(t('nav.home')).toBe('Portada');
    // The client's words are the English defaults (the server always sends them): the translation stays.
    expect(t('nav.projects')).toBe('Proyectos');
    // An English override of another text is not Spanish.
    expect(clientStringsFor(acme, 'es')).toEqual({ 'nav.home': 'Portada' });
  });

  it('keeps the brand’s own words and role labels in every language unless the language names its own', async () => {
    const acme = client(null, {
      'words.project': 'Mission',
      'words.projects': 'Missions',
      'roles.user': 'Champion',
      'es:words.projects': 'Misiones',
    });
    const { t } = await instanceIn('es', acme);
    expect(t('nav.projects')).toBe('Misiones');
    expect(t('words.project')).toBe('Mission');
    expect(t('roles.user')).toBe('Champion');
    expect(clientStringsFor(acme, 'en')).toEqual({
      'words.project': 'Mission',
      'words.projects': 'Missions',
      'roles.user': 'Champion',
    });
  });

  it('swaps the client’s overrides when the language changes, so English ones never beat a translation', async () => {
    const acme = client('acme', {
      'nav.home': 'Start',
      'es:nav.home': 'Portada',
      'words.projects': 'Missions',
    });
    const instance = await instanceIn('en', acme, {});
    expect(instance.t('nav.home')).toBe('Start');
    instance.addResourceBundle(
      'es',
      DEFAULT_NAMESPACE,
      { nav: { home: 'Inicio', feed: 'Noticias' } },
      true,
      false,
    );
    putClientStrings(acme, 'es', instance);
    await instance.changeLanguage('es');
    expect(instance.t('nav.home')).toBe('Portada');
    expect(instance.t('nav.feed')).toBe('Noticias');
    expect(instance.t('words.projects')).toBe('Missions');
    putClientStrings(client('acme', { 'es:nav.feed': 'Muro' }), 'es', instance);
    // A cleared override falls back to the translation.
    expect(instance.t('nav.home')).toBe('Inicio');
    expect(instance.t('nav.feed')).toBe('Muro');
    putClientStrings(acme, 'en', instance);
    await instance.changeLanguage('en');
    expect(instance.t('nav.home')).toBe('Start');
  });
});

describe('the e2e missing-key hook (watchMissingKeys)', () => {
  it('records every key the shown language lacks, English no longer hiding it', async () => {
    const instance = await instanceIn('es', null);
    expect(instance.t('roles.admin')).toBe('Admin');
    const found: string[] = [];
    const source = { __rallyMissingKeys: found, __rallyMissingKeysWatched: false };
    watchMissingKeys(instance, source);
    expect(source.__rallyMissingKeysWatched).toBe(true);
    await instance.changeLanguage('es');
    expect(instance.t('nav.home')).toBe('Inicio');
    expect(found).toEqual([]);
    instance.t('roles.admin');
    instance.t('no.such.key');
    expect(found).toEqual(['es:common:roles.admin', 'es:common:no.such.key']);
  });

  it('does nothing on a real visit (no array on window)', async () => {
    const instance = await instanceIn('es', null);
    watchMissingKeys(instance, {});
    expect(instance.options.saveMissing).toBeFalsy();
    expect(instance.t('roles.admin')).toBe('Admin');
  });
});
