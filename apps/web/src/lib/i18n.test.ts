import type { Client } from '@rally/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildI18nOptions, getClientNamespace, unflatten } from './i18n';

type ClientStrings = Pick<Client, 'config' | 'strings'>;

function client(namespace: string | null, strings: Record<string, string>): ClientStrings {
  return { config: { i18n_namespace: namespace } as Client['config'], strings };
}

async function translator(c: ClientStrings | null) {
  const instance = i18next.createInstance();
  await instance.init(buildI18nOptions(c));
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
