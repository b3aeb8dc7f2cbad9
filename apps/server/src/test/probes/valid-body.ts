import type { DemoIds, IdSource } from './demo-ids.ts';
import type { JsonSchema, Operation } from './openapi-routes.ts';

/**
 * A minimal valid body for a route, built from its JSON schema, so that what refuses a probe is authorization and
 * not validation. Required properties are filled, and optional id fields too; ids are real ids of the Demo client.
 */

// Body fields that hold ids, by name, and the kind of row they point at.
const ID_FIELDS: Record<string, IdSource> = {
  team_id: 'team',
  team_ids: 'team',
  audience_team_ids: 'team',
  pause_override: 'team',
  user_ids: 'user',
  mentions: 'user',
  contract_id: 'contract',
  project_id: 'project',
  activity_id: 'activity',
  template_id: 'template',
  creative_ids: 'creative',
};

// A PATCH whose fields are all optional still gets one, so that the probe can see the others kept.
const PATCH_FIELDS = ['name', 'title', 'phrase', 'body', 'first_name', 'description'];

// Values for strings with a pattern; a string that fails its pattern would make the probe a validation test.
const PATTERN_VALUES: Array<[RegExp, (ids: DemoIds) => string]> = [
  [/api\\\/files/, (ids) => `/api/files/${ids.file}`],
  [/^\^#/, () => '#007E97'],
  [/\\w-/, () => 'probe'],
];

/** Some handlers check more than the schema says; these bodies get past those checks too. */
const BODY_OVERRIDES: Record<string, (ids: DemoIds) => unknown> = {
  // Text is needed (a post of nothing is refused); the team and mention name Demo's rows, as for every id field.
  'POST /api/posts': (ids) => ({ body: 'Probe post', team_id: ids.team, mentions: [ids.user] }),
  'POST /api/activities/{id}/participation': () => ({ type: 'general_participation', text: 'Probe' }),
};

/** The body to send with `op`: an override, else the minimal valid value of its schema, else `{}`. */
export function validBody(op: Operation, ids: DemoIds): unknown {
  const override = BODY_OVERRIDES[op.key];
  if (override) return override(ids);
  if (!op.body) return undefined;
  try {
    const body = minimalValue(op.body, '', ids) ?? {};
    const field = PATCH_FIELDS.find((f) => op.body?.properties?.[f]?.type === 'string');
    if (op.method === 'PATCH' && isEmptyObject(body) && field) {
      return { [field]: minimalValue(op.body.properties![field]!, field, ids) };
    }
    return body;
  } catch {
    return {};
  }
}

const isIdField = (name: string) => name in ID_FIELDS;
const isEmptyObject = (v: unknown) => !!v && typeof v === 'object' && Object.keys(v).length === 0;

/** The smallest value `schema` accepts; `name` is the property it is for, which picks real ids. */
export function minimalValue(schema: JsonSchema, name: string, ids: DemoIds): unknown {
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (branch) return minimalValue(branch, name, ids);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // Optional id fields are filled too: an outsider's body then names Demo's rows, which must not be linked.
      const keys = new Set([
        ...(schema.required ?? []),
        ...Object.keys(schema.properties ?? {}).filter(isIdField),
      ]);
      for (const key of keys) out[key] = minimalValue(schema.properties?.[key] ?? {}, key, ids);
      return out;
    }
    case 'array': {
      const n = Math.min(Math.max(schema.minItems ?? 0, isIdField(name) ? 1 : 0), schema.maxItems ?? 1);
      return Array.from({ length: n }, () => minimalValue(schema.items ?? {}, name, ids));
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 0, 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      return minimalString(schema, name, ids);
    default:
      return schema.default ?? null;
  }
}

function minimalString(schema: JsonSchema, name: string, ids: DemoIds): string {
  if (schema.format === 'uuid') return ids[ID_FIELDS[name] ?? 'user'];
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.pattern) {
    const found = PATTERN_VALUES.find(([re]) => re.test(schema.pattern!));
    if (found) return found[1](ids);
  }
  if (/email/.test(name)) return 'probe@example.test';
  if (/url/.test(name)) return 'https://example.com/probe';
  const min = schema.minLength ?? 1;
  const max = schema.maxLength ?? Math.max(min, 32);
  return 'probe-'.repeat(Math.ceil(min / 6) + 1).slice(0, Math.min(Math.max(min, 5), max));
}
