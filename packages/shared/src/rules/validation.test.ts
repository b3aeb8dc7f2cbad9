import { describe, expect, it } from 'vitest';
import { CUSTOM_URL_MAX_LENGTH } from '../constants/limits.ts';
import { EmailSchema } from '../schemas/auth.ts';
import {
  emailError,
  findControlCharacter,
  hasControlCharacter,
  isNonWordText,
  isValidEmail,
  isValidWebsiteUrl,
  validateCustomUrl,
} from './validation.ts';

describe('validateCustomUrl', () => {
  it('requires a value', () => {
    expect(validateCustomUrl(null)).toBe('Custom URL is required');
    expect(validateCustomUrl(undefined)).toBe('Custom URL is required');
    expect(validateCustomUrl('')).toBe('Custom URL is required');
  });

  it('rejects whitespace only', () => {
    expect(validateCustomUrl('   ')).toBe('Custom URL cannot be empty');
    expect(validateCustomUrl('\t\n')).toBe('Custom URL cannot be empty');
  });

  it('limits the trimmed length', () => {
    const max = 'a'.repeat(CUSTOM_URL_MAX_LENGTH);
    expect(validateCustomUrl(max)).toBeNull();
    expect(validateCustomUrl(`  ${max}  `)).toBeNull();
    expect(validateCustomUrl(`${max}a`)).toBe(
      `Custom URL must be ${CUSTOM_URL_MAX_LENGTH} characters or less`,
    );
  });

  it('allows only letters, numbers, hyphens and underscores', () => {
    const message = 'Custom URL must contain only letters, numbers, hyphens, and underscores';
    expect(validateCustomUrl('my-team_2024')).toBeNull();
    expect(validateCustomUrl(' my-team ')).toBeNull();
    expect(validateCustomUrl('my team')).toBe(message);
    expect(validateCustomUrl('my/team')).toBe(message);
    expect(validateCustomUrl('équipe')).toBe(message);
    expect(validateCustomUrl('team.')).toBe(message);
  });

  it('uses the given label and max', () => {
    expect(validateCustomUrl('', { label: 'Team link' })).toBe('Team link is required');
    expect(validateCustomUrl(' ', { label: 'Team link' })).toBe('Team link cannot be empty');
    expect(validateCustomUrl('abcdef', { label: 'Slug', max: 5 })).toBe('Slug must be 5 characters or less');
    expect(validateCustomUrl('abcde', { max: 5 })).toBeNull();
  });

  it('reports the first failing rule only', () => {
    expect(validateCustomUrl('a b'.repeat(40))).toBe(
      `Custom URL must be ${CUSTOM_URL_MAX_LENGTH} characters or less`,
    );
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x@y.z'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', '@b.co', 'a@.', 'a@b.', 'a b@c.co', 'a@b c.co', 'a@@b.co', 'a@b@c.co'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('emailError', () => {
  it('answers the message EmailSchema answers, for every kind of bad address, and null for a good one', () => {
    const cases = ['', '   ', 'no-at-sign', 'a@b', `${'a'.repeat(250)}@x.io`, ' Member@Demo.test ', 'x@y.co'];
    for (const value of cases) {
      const parsed = EmailSchema.safeParse(value);
      expect(emailError(value)).toBe(parsed.success ? null : parsed.error.issues[0]?.message);
    }
    expect(emailError('member@demo.test')).toBeNull();
    expect(emailError('')).toBe('Email is required');
    expect(emailError('a@b')).toBe('Email must be a valid email address');
  });
});

describe('isValidWebsiteUrl', () => {
  it.each([
    '',
    'http://example.com',
    'https://example.com',
    'HTTPS://Example.COM',
    'https://www.sub-domain.example.co.uk',
    'https://example.com:8080',
    'https://example.com/',
    'https://example.com/path/to/page.html',
    'https://example.com/search?q=rally&page=2',
    'https://example.com/page#section',
    'https://example.com:443/a?b=c#d',
    'http://localhost',
    'http://LOCALHOST:3000/api',
    'http://192.168.0.1',
    'http://255.255.255.255:8080/x',
    'http://0.0.0.0',
    'https://xn--mnchen-3ya.de',
    'https://münchen.de',
    'https://a1.io',
  ])('accepts %j', (url) => {
    expect(isValidWebsiteUrl(url)).toBe(true);
  });

  it.each([
    ' ',
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'https://',
    'https://example',
    'https://example.c',
    'https://.example.com',
    'https://example..com',
    'https://example.com.',
    'https://-example.com',
    'https://example-.com',
    'https://exa_mple.com',
    'https://exa mple.com',
    'https://example.com/a b',
    'https://example.com:',
    'https://example.com:99999',
    'https://example.com:80:80',
    'https://user:pass@example.com',
    'http://256.1.1.1',
    'http://1.2.3',
    'http://1.2.3.4.5',
    'http://256.1.1.10',
    'http://[::1]',
    ' https://example.com',
    'https://example.com ',
  ])('rejects %j', (url) => {
    expect(isValidWebsiteUrl(url)).toBe(false);
  });
});

describe('isNonWordText', () => {
  it.each(['...', '!!!', '?!', '- - -', '***', '¿¡'])('flags %j', (text) => {
    expect(isNonWordText(text)).toBe(true);
  });

  it.each(['hello', 'ok!', '123', '!!1', 'Привет', '你好', 'مرحبا', '٣', '🎉', '!!! 🎉', '❤️', '👍🏽', '🇫🇷'])(
    'does not flag %j',
    (text) => {
      expect(isNonWordText(text)).toBe(false);
    },
  );

  it('does not flag empty or whitespace-only text', () => {
    expect(isNonWordText('')).toBe(false);
    expect(isNonWordText('   ')).toBe(false);
  });
});

describe('hasControlCharacter', () => {
  it.each([
    'a\u0000b',
    '\u0007',
    'esc \u001b[31m',
    'del\u007f',
    'lone \ud800 high',
    'lone \udc00 low',
    '\u000b',
  ])('refuses %j', (text) => {
    expect(hasControlCharacter(text)).toBe(true);
  });

  it.each(['plain', 'two\nlines', 'tab\there', 'crlf\r\n', '👍🏽 emoji pair', 'Привет', ''])(
    'accepts %j',
    (text) => {
      expect(hasControlCharacter(text)).toBe(false);
    },
  );
});

describe('findControlCharacter', () => {
  it('names the path of the first bad string, value or key, at any depth', () => {
    expect(findControlCharacter({ first_name: 'a\u0000b' })).toBe('first_name');
    expect(findControlCharacter({ placeholders: [{ name: 'ok' }, { name: 'x\u0007' }] })).toBe(
      'placeholders.1.name',
    );
    expect(findControlCharacter({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(findControlCharacter('\u0000')).toBe('');
    expect(findControlCharacter({ fine: ['a', 1, null, true, { b: 'c\nd' }] })).toBeNull();
  });

  it('walks a deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findControlCharacter(deep)).toBe(`${'0.'.repeat(99_999)}0`);
  });
});
