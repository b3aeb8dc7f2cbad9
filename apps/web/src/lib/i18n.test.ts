import type { Client } from '@rally/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fetchLaterStrings } from '../locales/en';
import { buildI18nOptions, DEFAULT_NAMESPACE, getClientNamespace, unflatten } from './i18n';

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
});
