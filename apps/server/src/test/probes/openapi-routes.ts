import type { FastifyInstance } from 'fastify';

/** The API's operations as its OpenAPI document lists them, so probes cover every route without a list of their own. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The part of JSON Schema (OpenAPI 3.0 flavour) that fastify-type-provider-zod writes for our zod schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export interface QueryParam {
  /** Name in the query string. */
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: HttpMethod;
  /** Path in OpenAPI form, e.g. `/api/posts/{id}`. */
  path: string;
  /** `METHOD path`, the key of the expectation tables. */
  key: string;
  /** Names of the path parameters, in order. */
  pathParams: string[];
  query: QueryParam[];
  /** JSON body schema, when the route declares one. */
  body?: JsonSchema;
  /** True for routes that take multipart/form-data (uploads). */
  isMultipart: boolean;
  /** True for routes that stream (server-sent events) and never end on their own. */
  isStream: boolean;
}

/**
 * Routes hidden from the document (`schema.hide`) that outsiders can still reach, so they get probed too. The web
 * catch-all, the dev mailbox and /metrics are left out: they serve no tenant data by id.
 */
const HIDDEN_OPERATIONS: ReadonlyArray<{ method: HttpMethod; path: string }> = [
  { method: 'GET', path: '/p/{id}' },
];

const METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema; required?: boolean }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every route × method of the app, read from the OpenAPI document of @fastify/swagger (the app must be ready). */
export function listOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [lower, spec] of Object.entries(byMethod)) {
      const method = lower.toUpperCase() as HttpMethod;
      if (!METHODS.has(method)) continue;
      const params = spec.parameters ?? [];
      const content = spec.requestBody?.content ?? {};
      ops.push({
        method,
        path,
        key: `${method} ${path}`,
        pathParams: pathParamsOf(path),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: content['application/json']?.schema,
        isMultipart: path === '/api/upload' || 'multipart/form-data' in content,
        isStream: path.endsWith('/stream'),
      });
    }
  }
  for (const { method, path } of HIDDEN_OPERATIONS) {
    ops.push({
      method,
      path,
      key: `${method} ${path}`,
      pathParams: pathParamsOf(path),
      query: [],
      isMultipart: false,
      isStream: false,
    });
  }
  return ops;
}

const pathParamsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The path with each `{param}` replaced by the value `idFor` gives it. */
export function fillPath(op: Operation, idFor: (param: string) => string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(idFor(param)));
}

const METHOD_ORDER: Record<HttpMethod, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };

/**
 * Reads before writes and deletes last, so that a call does not destroy the ids later calls need; logout is last of
 * all since it ends the session the other calls ride on.
 */
export function compareOperations(a: Operation, b: Operation): number {
  const rank = (op: Operation) => (op.key === 'POST /api/logout' ? 9 : METHOD_ORDER[op.method]);
  return rank(a) - rank(b) || a.path.localeCompare(b.path);
}
