import fc from 'fast-check';

/**
 * Bad values for the bad-input probes, as raw JSON text (so that -0, 1e309 and lone surrogates reach the server as
 * written) and as raw query-string values.
 */

/** The kinds of bad input every route with a body or query gets at least once. */
export const BAD_KINDS = [
  'wrong type',
  'huge string',
  'control characters',
  'deep nesting',
  'prototype keys',
  'extra properties',
  'numbers',
  'unicode',
] as const;
export type BadKind = (typeof BAD_KINDS)[number];

export const HUGE = 100_000;
export const DEEP_MIN = 1_000;

/** Control characters, lone surrogates and other text that trips C strings, terminals and UTF-8 encoders. */
const NASTY_UNITS = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u0008',
  '\u007f',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '\u2028',
  '%00',
  '\\',
  "'",
  'a',
] as const;

/** A string with at least one control character or lone surrogate. */
export const controlString = fc
  .array(fc.constantFrom(...NASTY_UNITS), { minLength: 1, maxLength: 12 })
  .map((units) => `${units.join('')}\u0000`);

/** Any unicode text: astral planes, combining marks, right-to-left, well-formed or not. */
export const unicodeString = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constantFrom('Ǆ̸̢̛̝̤', '\u0645\u0631\u062d\u0628\u0627', '👩‍👩‍👧‍👦', '𝕳𝖊𝖑𝖑𝖔', 'İı', '\u00ad'),
);

/** A 100k-character string of one repeated character. */
export const hugeString = fc.constantFrom('a', 'é', '😀', ' ', '<').map((c) => c.repeat(HUGE));

/** JSON text of a value of some type other than the one expected (any type will do: most fields have one). */
export const wrongTypeJson = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-1', '[]', '{}', '""', '"x"', '[[]]', '{"a":1}', '[null]'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);

/** JSON text of numbers at and beyond the edges, and strings that look like numbers. */
export const numberJson = fc.constantFrom(
  '-0',
  '1e308',
  '-1e308',
  '1e309',
  '-1e309',
  '5e-324',
  '1e-400',
  '9007199254740993',
  '-9007199254740993',
  '-2147483649',
  '-1000000000',
  '0.5',
  '"NaN"',
  '"Infinity"',
  '"-0"',
  '"1e308"',
  '"0x10"',
  '" 1"',
  '"1_000"',
  '"-1000000000"',
);

/** Query-string versions of the bad numbers (already encoded). */
export const numberQuery = fc.constantFrom(
  '-0',
  '1e308',
  '-1e308',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1000000000',
  '-9999999999999999999',
  '9007199254740993',
  '0x10',
  '%201',
  '1_000',
  '0.5',
  '',
);

/** JSON text of an array or object nested `depth` levels deep. */
export const deepJson = fc
  .record({ depth: fc.integer({ min: DEEP_MIN, max: DEEP_MIN + 500 }), isArray: fc.boolean() })
  .map(({ depth, isArray }) =>
    isArray ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** JSON members (without braces) that try to poison prototypes. */
export const protoMembers = fc.constantFrom(
  '"__proto__":{"role":"ADMIN","isAdmin":true}',
  '"constructor":{"prototype":{"role":"ADMIN","isAdmin":true}}',
  '"prototype":{"role":"ADMIN"}',
  '"__proto__":{"__proto__":{"polluted":1}},"constructor":{"prototype":{"polluted":1}}',
);

/** Extra members a schema does not name, some of them tempting (role, client_id). */
export const extraMembers = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('role', 'client_id', 'clientId', 'user_id', 'id', 'is_admin', 'team_tags'),
        fc.string({ minLength: 1, maxLength: 12 }),
      ),
      wrongTypeJson,
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(','));

/**
 * Percent-encodes a string for a query, code unit by code unit, so that lone surrogates (which
 * encodeURIComponent refuses) go out as the invalid UTF-8 a careless client would send.
 */
export function encodeLoose(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}
