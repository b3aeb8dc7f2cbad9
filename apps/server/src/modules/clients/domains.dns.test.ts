import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type FakeDns, startFakeDns } from '../../test/fake-dns.ts';
import { createDomainChecker } from './domains.dns.ts';

/** The DNS check against the stand-in DNS server, and the settings that choose the servers. */

let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns();
});
afterAll(() => dns.close());

describe('DNS_SERVERS and APP_HOST', () => {
  it('accepts IP addresses with optional ports, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).dnsServers).toBeNull();
    expect(loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,::1' }).dnsServers).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
      '::1',
    ]);
    for (const bad of ['dns.google', '1.1.1.1:99999', '300.1.1.1', ',']) {
      expect(() => loadConfig({ DNS_SERVERS: bad }), bad).toThrow(/DNS_SERVERS must be IP addresses/);
    }
    expect(loadConfig({}).appHost).toBe('localhost');
    expect(loadConfig({ APP_HOST: 'App.Rally.Example' }).appHost).toBe('app.rally.example');
    expect(() => loadConfig({ APP_HOST: 'https://app.rally.example' })).toThrow(
      /APP_HOST must be a host name/,
    );
  });
});

describe('createDomainChecker', () => {
  it('finds the token among TXT values split in chunks, and a routing A record shared with the app host', async () => {
    const check = createDomainChecker({ appHost: 'app.rally.test', dnsServers: [dns.address] });
    dns.set('TXT', '_rally-verification.a.example.com', ['v=other', 'tok-123']);
    dns.set('A', 'a.example.com', ['192.0.2.10']);
    dns.set('A', 'app.rally.test', ['192.0.2.10', '192.0.2.11']);
    const result = await check('a.example.com', 'tok-123');
    expect(result).toMatchObject({
      verified: true,
      message: 'Verified: the TXT record at _rally-verification.a.example.com holds the expected value',
      routing: { found: ['192.0.2.10'], ok: true, error: null },
    });
  });

  it('says when the lookup itself failed, apart from a missing record', async () => {
    // Nothing listens on this port: the lookup is refused (or times out), which is no answer about the record.
    const check = createDomainChecker({ appHost: 'app.rally.test', dnsServers: ['127.0.0.1:9'] });
    const result = await check('b.example.com', 'tok');
    expect(result.verified).toBe(false);
    expect(result.txt.error).toMatch(/^E[A-Z]+$/);
    expect(result.message).toMatch(
      /^The DNS lookup of _rally-verification\.b\.example\.com failed \(E[A-Z]+\); try again in a few minutes$/,
    );
  });
});
