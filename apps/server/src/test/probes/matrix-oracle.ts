import { ACME_HOST } from '../build-test-app.ts';
import { ID_TABLES, idSourceOf } from './demo-ids.ts';
import { compareOperations, type Operation } from './openapi-routes.ts';
import type { Actor, Answer, CallInput, ProbeApp } from './probe-app.ts';
import { ADMIN_UPLOAD_PROBE, mayCall, type Rule, ruleOf } from './role-rules.ts';
import { type Fingerprints, findFingerprints } from './row-digest.ts';

/** What the tenant and role matrix expects of one call: the rule, and the verdict on an answer. */

/** One call of the matrix: an operation, the input variant, and who may get a 2xx. */
export interface Probe {
  op: Operation;
  input: CallInput;
  rule: Rule;
  /** `METHOD path`, plus the variant when an operation is probed more than once. */
  label: string;
}

/** Every operation once, and uploads twice: an ordinary type, and an admin-only type. */
export function probesOf(ops: readonly Operation[]): Probe[] {
  const probes: Probe[] = [];
  for (const op of [...ops].sort(compareOperations)) {
    probes.push({ op, input: {}, rule: ruleOf(op), label: op.key });
    if (op.isMultipart) {
      probes.push({
        op,
        input: { uploadType: ADMIN_UPLOAD_PROBE.type },
        rule: ADMIN_UPLOAD_PROBE.rule,
        label: `${op.key} (type ${ADMIN_UPLOAD_PROBE.type})`,
      });
    }
  }
  return probes;
}

/** True when the Demo client's rows must not change through this call by this actor. */
export function mustChangeNothing(actor: Actor, probe: Probe): boolean {
  // On Acme's host nothing may touch Demo's rows, whatever the route.
  if (actor.host === ACME_HOST) return true;
  if (actor.role === null) return probe.rule !== 'public';
  return !mayCall(probe.rule, actor.role);
}

// The favicon is public per client by design (SPEC 2): any host may show any client's favicon.
const TENANT_FREE = new Set(['GET /api/favicon/{clientId}']);

/** A one-line account of a call, for failure lists. */
export function describeCall(actor: Actor, probe: Probe, answer: Answer): string {
  const sent = answer.sent === undefined ? '' : ` body ${JSON.stringify(answer.sent)?.slice(0, 200)}`;
  return `${probe.label} as ${actor.name}: ${answer.status} on ${answer.url}${sent}`;
}

/** The defects in one answer (empty when it is as expected); the row checks are the runner's. */
export function judgeAnswer(actor: Actor, probe: Probe, answer: Answer, prints: Fingerprints): string[] {
  const what = describeCall(actor, probe, answer);
  const out: string[] = [];
  if (answer.status >= 500) out.push(`${what}: server error ${answer.body.slice(0, 200)}`);
  const ok = answer.status >= 200 && answer.status < 300;
  if (actor.host === ACME_HOST) {
    if (ok) {
      const found = findFingerprints(answer.body, prints);
      if (found.length > 0) out.push(`${what}: returned Demo's data ${found.slice(0, 5).join(', ')}`);
      else if (isOpaqueDemoObject(probe.op, answer))
        out.push(`${what}: served Demo's ${probe.op.path} on Acme's host`);
    }
    return out;
  }
  if (actor.role === null) {
    if (probe.rule !== 'public' && answer.status !== 401)
      out.push(`${what}: expected 401 (no session on Demo)`);
    return out;
  }
  if (ok && !mayCall(probe.rule, actor.role)) {
    out.push(
      `${what}: ${actor.role} got a 2xx; only ${probe.rule === 'public' ? 'anybody' : probe.rule.join(', ')} may`,
    );
  }
  return out;
}

// A file or page (not JSON) fetched by a Demo id is Demo's data itself, though it holds no id to find.
const isOpaqueDemoObject = (op: Operation, answer: Answer) =>
  op.pathParams.length > 0 && !TENANT_FREE.has(op.key) && !answer.contentType.includes('application/json');

// Columns a PATCH may change besides those it names: timestamps and values derived from the named ones.
const DERIVED_COLUMNS = new Set([
  'updated_at',
  'edited_at',
  'normalized',
  'placeholders',
  'mentions',
  'link',
  // chat_messages.search: the full-text vector PostgreSQL generates from the body.
  'search',
]);

/** The row a PATCH aims at (by its path id), as JSON, to compare before and after; null when not a row. */
export async function targetRow(p: ProbeApp, probe: Probe): Promise<Record<string, unknown> | null> {
  const { op } = probe;
  // Only a PATCH with a body says which fields it sets; PATCH /api/notifications/{id} is a verb, not an edit.
  if (op.method !== 'PATCH' || !op.body || op.pathParams.length !== 1) return null;
  const source = idSourceOf(op.path, op.pathParams[0]!);
  const table = ID_TABLES[source];
  if (!table) return null;
  const { rows } = await p.t.ctx.database.rawQuery(
    `select to_jsonb(x) as row from "${table}" x where id = $1`,
    [p.ids[source]],
  );
  return (rows[0]?.row as Record<string, unknown> | undefined) ?? null;
}

/** Columns a successful PATCH changed although its body did not name them (a PATCH must keep omitted fields). */
export function replacedOmittedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  sent: unknown,
): string[] {
  if (!before || !after) return [];
  const named = new Set(Object.keys(sent && typeof sent === 'object' ? sent : {}));
  return Object.keys(before).filter(
    (col) =>
      !named.has(col) &&
      !DERIVED_COLUMNS.has(col) &&
      JSON.stringify(before[col]) !== JSON.stringify(after[col]),
  );
}
