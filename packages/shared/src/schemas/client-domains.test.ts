import { describe, expect, it } from 'vitest';
import { AddDomainRequestSchema, normalizeHost, validateDomainHost } from './client-domains.ts';

describe('validateDomainHost', () => {
  it('accepts bare domain names, also in other scripts and with punycode labels', () => {
    for (const host of [
      'example.com',
      'community.brand.co.uk',
      'a-b.example.io',
      'bücher.example',
      'xn--bcher-kva.xn--p1ai',
    ]) {
      expect(validateDomainHost(host), host).toBeNull();
    }
  });

  it('refuses schemes, paths, ports, IP addresses, single labels and overlong names, naming host', () => {
    for (const host of [
      '',
      'http://a.com',
      'a.com/x',
      'a.com:80',
      '10.0.0.1',
      '::1',
      'localhost',
      'a..com',
      'a.c',
      'a b.com',
    ]) {
      expect(validateDomainHost(normalizeHost(host)), host).toMatch(/^Host /);
    }
    expect(validateDomainHost(`${'a'.repeat(63)}.`.repeat(4).concat('com'))).toBe(
      'Host must be 253 characters or less',
    );
  });

  it('stores the trimmed, lower-case name without the root dot', () => {
    expect(AddDomainRequestSchema.parse({ host: ' Community.Example.COM. ' })).toEqual({
      host: 'community.example.com',
    });
    expect(AddDomainRequestSchema.safeParse({ host: 'x.com', extra: 1 }).success).toBe(false);
  });
});
