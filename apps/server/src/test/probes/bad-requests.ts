import fc from 'fast-check';
import {
  type BadKind,
  controlString,
  deepJson,
  encodeLoose,
  extraMembers,
  hugeString,
  numberJson,
  numberQuery,
  protoMembers,
  unicodeString,
  wrongTypeJson,
} from './bad-values.ts';
import type { JsonSchema, Operation } from './openapi-routes.ts';
import type { CallInput } from './probe-app.ts';

/** Requests with one kind of bad input each, built from a route's valid body and its schema. */

export interface BadRequest {
  input: CallInput;
  /** A short account of what was wrong, for failure lists. */
  note: string;
}

type Json = Record<string, unknown>;

const isFreeText = (s: JsonSchema | undefined) =>
  !!s && s.type === 'string' && !s.format && !s.pattern && !s.enum;

/**
 * The body as JSON text with some fields replaced by raw JSON and extra members put first. Raw text, since -0,
 * 1e309 or a `__proto__` key do not survive a round trip through a JavaScript object.
 */
function bodyText(valid: unknown, replace: Record<string, string>, extra = ''): string {
  const base: Json =
    valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...(valid as Json) } : {};
  const slots = Object.keys(replace);
  slots.forEach((key, i) => {
    base[key] = `__probe_slot_${i}__`;
  });
  let text = JSON.stringify(base);
  slots.forEach((key, i) => {
    text = text.replace(`"__probe_slot_${i}__"`, () => replace[key]!);
  });
  if (!extra) return text;
  return text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`;
}

const short = (s: string) => (s.length > 80 ? `${s.slice(0, 60)}… (${s.length} chars)` : s);

// A body that is one of several shapes (a participation) is spoiled through its first shape's fields.
const propsOf = (op: Operation) => op.body?.properties ?? op.body?.oneOf?.[0]?.properties ?? {};

/**
 * The bad input of each kind that every route gets whatever the seed: a body with no field it knows (an update of
 * nothing), NUL in every text, and the most negative limit.
 */
export function canonicalBad(op: Operation, valid: unknown, kind: BadKind): BadRequest[] {
  const texts = op.query.filter((q) => isFreeText(q.schema)).map((q) => q.name);
  const out: BadRequest[] = [];
  if (kind === 'wrong type' && op.body) out.push({ input: { rawJson: '{}' }, note: 'empty body {}' });
  if (kind === 'control characters' && op.body) {
    const fields = Object.keys(propsOf(op)).filter((n) => isFreeText(propsOf(op)[n]));
    if (fields.length > 0) {
      const nul = Object.fromEntries(fields.map((f) => [f, JSON.stringify('a\u0000b')]));
      out.push({ input: { rawJson: bodyText(valid, nul) }, note: `${fields.join(', ')}: "a\\u0000b"` });
    }
  }
  if (kind === 'control characters' && texts.length > 0) {
    out.push({ input: { query: texts.map((t) => `${t}=%00`).join('&') }, note: `?${texts.join(', ')}=%00` });
  }
  if (kind === 'numbers' && op.query.some((q) => q.name === 'limit')) {
    out.push({ input: { query: 'limit=-1000000000' }, note: '?limit=-1000000000' });
  }
  return out;
}

/** The bad bodies of one kind for an operation with a JSON body. */
export function badBodies(op: Operation, valid: unknown, kind: BadKind): fc.Arbitrary<BadRequest> {
  const props = propsOf(op);
  const names = Object.keys(props);
  const texts = names.filter((n) => isFreeText(props[n]));
  // A field to spoil: one the schema names, or an unknown one when it names none.
  const field = names.length > 0 ? fc.constantFrom(...names) : fc.constant('probe');
  const oneField = (value: fc.Arbitrary<string>, what: string) =>
    fc.tuple(field, value).map(([f, v]) => ({
      input: { rawJson: bodyText(valid, { [f]: v }) },
      note: `${f}: ${what} ${short(v)}`,
    }));
  // Text kinds go into every free-text field at once, so no other field's check answers 400 first.
  const allTexts = (value: fc.Arbitrary<string>, what: string) =>
    texts.length === 0
      ? oneField(
          value.map((s) => JSON.stringify(s)),
          what,
        )
      : value.map((s) => ({
          input: { rawJson: bodyText(valid, Object.fromEntries(texts.map((t) => [t, JSON.stringify(s)]))) },
          note: `${texts.join(', ')}: ${what} ${short(JSON.stringify(s))}`,
        }));
  switch (kind) {
    case 'wrong type':
      return fc.oneof(
        oneField(wrongTypeJson, 'wrong type'),
        wrongTypeJson.map((v) => ({ input: { rawJson: v }, note: `whole body ${v}` })),
      );
    case 'huge string':
      return oneField(
        hugeString.map((s) => JSON.stringify(s)),
        'huge string',
      );
    case 'control characters':
      return allTexts(controlString, 'control characters');
    case 'deep nesting':
      return fc.oneof(
        oneField(deepJson, 'nested'),
        deepJson.map((v) => ({ input: { rawJson: v }, note: `whole body nested ${short(v)}` })),
      );
    case 'prototype keys':
      return protoMembers.map((m) => ({ input: { rawJson: bodyText(valid, {}, m) }, note: `members ${m}` }));
    case 'extra properties':
      return extraMembers.map((m) => ({
        input: { rawJson: bodyText(valid, {}, m) },
        note: `extra ${short(m)}`,
      }));
    case 'numbers': {
      const numeric = names.filter((n) => ['integer', 'number'].includes(props[n]?.type ?? ''));
      const target = numeric.length > 0 ? fc.constantFrom(...numeric) : field;
      return fc
        .tuple(target, numberJson)
        .map(([f, v]) => ({ input: { rawJson: bodyText(valid, { [f]: v }) }, note: `${f}: ${v}` }));
    }
    case 'unicode':
      return allTexts(unicodeString, 'unicode');
  }
}

/** The bad query strings of one kind for an operation with query parameters. */
export function badQueries(op: Operation, kind: BadKind): fc.Arbitrary<BadRequest> {
  const names = op.query.map((q) => q.name);
  const texts = op.query.filter((q) => isFreeText(q.schema)).map((q) => q.name);
  const param = fc.constantFrom(...names);
  const one = (value: fc.Arbitrary<string>, what: string) =>
    fc
      .tuple(param, value)
      .map(([p, v]) => ({ input: { query: `${p}=${v}` }, note: `?${p}= ${what} ${short(v)}` }));
  const allTexts = (value: fc.Arbitrary<string>, what: string) =>
    value.map((s) => {
      const targets = texts.length > 0 ? texts : names;
      return {
        input: { query: targets.map((t) => `${t}=${encodeLoose(s)}`).join('&') },
        note: `?${targets.join(', ')}= ${what} ${short(JSON.stringify(s))}`,
      };
    });
  switch (kind) {
    case 'wrong type':
      return fc.oneof(
        one(fc.constantFrom('abc', '%5B%5D', '%7B%7D', 'true', 'null', 'undefined', '%22x%22'), 'wrong type'),
        // The same parameter twice: a parser may hand the route an array.
        param.map((p) => ({ input: { query: `${p}=1&${p}=2` }, note: `?${p} twice` })),
      );
    case 'huge string':
      return one(hugeString.map(encodeLoose), 'huge string');
    case 'control characters':
      return allTexts(controlString, 'control characters');
    case 'deep nesting':
      return fc.oneof(
        one(deepJson.map(encodeURIComponent), 'nested'),
        fc.tuple(param, fc.integer({ min: 1000, max: 1500 })).map(([p, depth]) => ({
          input: { query: `${p}${'%5Ba%5D'.repeat(depth)}=1` },
          note: `?${p}[a]×${depth}=1`,
        })),
      );
    case 'prototype keys':
      return fc
        .constantFrom(
          '__proto__=x',
          '__proto__%5Brole%5D=ADMIN',
          'constructor%5Bprototype%5D%5Brole%5D=ADMIN',
          'prototype=x',
        )
        .map((q) => ({ input: { query: q }, note: `?${decodeURIComponent(q)}` }));
    case 'extra properties':
      return fc
        .tuple(fc.constantFrom('role', 'client_id', 'user_id', 'x'), unicodeString)
        .map(([k, v]) => ({ input: { query: `${k}=${encodeLoose(v)}` }, note: `?${k}= extra` }));
    case 'numbers':
      return one(numberQuery, 'number');
    case 'unicode':
      return allTexts(unicodeString, 'unicode');
  }
}
