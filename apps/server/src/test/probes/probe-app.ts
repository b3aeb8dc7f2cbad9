import type { InjectOptions } from 'fastify';
import { seedDemoContent } from '../../db/seed/demo-content.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../build-test-app.ts';
import { clientIds, createUser, TINY_PNG, userByEmail } from '../factories.ts';
import { createDevice } from '../factories-notifications.ts';
import { checkIdSources, type DemoIds, idSourceOf, loadDemoIds } from './demo-ids.ts';
import { fillPath, listOperations, type Operation } from './openapi-routes.ts';
import type { DemoRole } from './role-rules.ts';
import { createRowDigester, type RowDigester } from './row-digest.ts';
import { validBody } from './valid-body.ts';

/** A test app with the full demo data, the probes' actors signed in, and the Demo client's ids and digests. */

export interface Actor {
  name: string;
  /** Who signs in; none for the anonymous visitor. */
  email?: string;
  /** Signs in as a new guest (ghost user, POST /api/guests) instead of by email. */
  isGuest?: boolean;
  /** Host the calls go to (the token was issued on the email's own client). */
  host: string;
  /** Role on the Demo client; null for anybody who has no session there. */
  role: DemoRole | null;
}

/** An ANALYST without team tags, whom SPEC 6 lets see applicants; the demo data has none, so the probes add one. */
const GLOBAL_LEAD = 'analyst@probe.test';

export const ACTORS = {
  anonymous: { name: 'anonymous', host: DEMO_HOST, role: null },
  applicant: {
    name: 'applicant@demo.test',
    email: 'applicant@demo.test',
    host: DEMO_HOST,
    role: 'APPLICANT',
  },
  member: { name: 'member@demo.test', email: 'member@demo.test', host: DEMO_HOST, role: 'USER' },
  lead: { name: 'lead@demo.test', email: 'lead@demo.test', host: DEMO_HOST, role: 'LEAD' },
  analyst: {
    name: `${GLOBAL_LEAD} (ANALYST, no team tags)`,
    email: GLOBAL_LEAD,
    host: DEMO_HOST,
    role: 'ANALYST',
  },
  admin: { name: 'admin@demo.test', email: 'admin@demo.test', host: DEMO_HOST, role: 'ADMIN' },
  // A visitor who chose "Browse as a guest" (issue 14; Demo has feature open).
  guest: { name: 'a guest of Demo', isGuest: true, host: DEMO_HOST, role: 'GUEST' },
  acmeMember: { name: 'member@acme.test on Acme', email: 'member@acme.test', host: ACME_HOST, role: null },
  acmeAdmin: { name: 'admin@acme.test on Acme', email: 'admin@acme.test', host: ACME_HOST, role: null },
  // Acme's token sent to Demo's host must count as no session at all.
  acmeTokenOnDemo: {
    name: "admin@acme.test's token on Demo",
    email: 'admin@acme.test',
    host: DEMO_HOST,
    role: null,
  },
} as const satisfies Record<string, Actor>;

export interface ProbeApp {
  t: TestApp;
  demoId: string;
  acmeId: string;
  ids: DemoIds;
  ops: Operation[];
  /** Digests of the Demo client's rows. */
  demoRows: RowDigester;
  /** Session tokens by actor name. */
  tokens: Map<string, string>;
  close(): Promise<void>;
}

/**
 * Builds a fresh app (a copy of the migrated template), adds the demo content (projects, feed, library, safety…)
 * and a push device for member@demo.test, and signs the actors in, each with a session of their own.
 */
export async function buildProbeApp(actors: readonly Actor[]): Promise<ProbeApp> {
  // No job runner: a queued job finishing later would change rows in the middle of somebody else's batch.
  const t = await buildTestApp({ JOB_RUNNER: '0' });
  const { demo, acme } = await clientIds(t.ctx.db);
  await seedDemoContent(t.ctx.db, t.ctx.storage);
  const member = await userByEmail(t.ctx.db, 'member@demo.test');
  await createDevice(t.ctx.db, { clientId: demo, userId: member.id });
  // Onboarded on the current contract like the lead, so that only the missing team tags set them apart.
  const lead = await userByEmail(t.ctx.db, 'lead@demo.test');
  await createUser(t.ctx.db, {
    clientId: demo,
    email: GLOBAL_LEAD,
    role: 'ANALYST',
    teamTags: [],
    contractId: lead.contractId,
    contractAgreedAt: lead.contractAgreedAt,
  });
  const tokens = new Map<string, string>();
  for (const actor of actors) {
    if (actor.email) tokens.set(actor.name, await t.login(actor.email));
    if (actor.isGuest) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/guests',
        headers: { host: actor.host },
        payload: {},
      });
      if (res.statusCode !== 201) throw new Error(`POST /api/guests answered ${res.statusCode}: ${res.body}`);
      tokens.set(actor.name, res.json().token);
    }
  }
  const ops = listOperations(t.app);
  checkIdSources(ops);
  return {
    t,
    demoId: demo,
    acmeId: acme,
    ids: await loadDemoIds(t.ctx.database, demo),
    ops,
    demoRows: await createRowDigester(t.ctx.database, demo),
    tokens,
    close: () => t.close(),
  };
}

/** The answer of a probe call. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
  /** The URL called, with the real ids. */
  url: string;
  /** The body sent, for reports. */
  sent: unknown;
}

export interface CallInput {
  /** Replaces the minimal valid body. */
  body?: unknown;
  /** Raw query string (without `?`). */
  query?: string;
  /** Sends the body as this exact JSON text (for keys like `__proto__` that an object cannot carry). */
  rawJson?: string;
  /** Upload type for POST /api/upload. */
  uploadType?: string;
}

/** The path of `op` with real Demo ids. */
export const urlOf = (p: ProbeApp, op: Operation) =>
  fillPath(op, (param) => p.ids[idSourceOf(op.path, param)]);

/** Sends `op` as `actor`, with the minimal valid body unless `input` says otherwise. */
export async function send(p: ProbeApp, actor: Actor, op: Operation, input: CallInput = {}): Promise<Answer> {
  const token = p.tokens.get(actor.name);
  const headers: Record<string, string> = { host: actor.host };
  if (token) headers.authorization = `Bearer ${token}`;
  const url = urlOf(p, op) + (input.query ? `?${input.query}` : '');
  const options: InjectOptions = { method: op.method, url, headers };
  let sent: unknown;
  if (op.isMultipart) {
    const form = new FormData();
    form.append('type', input.uploadType ?? 'avatar');
    form.append('objectId', p.demoId);
    form.append('file', new Blob([TINY_PNG]), 'probe.png');
    options.payload = form as unknown as InjectOptions['payload'];
    sent = `multipart type=${input.uploadType ?? 'avatar'}`;
  } else if (input.rawJson !== undefined) {
    options.payload = input.rawJson;
    headers['content-type'] = 'application/json';
    sent =
      input.rawJson.length > 300
        ? `${input.rawJson.slice(0, 300)}… (${input.rawJson.length} chars)`
        : input.rawJson;
  } else {
    sent = 'body' in input ? input.body : validBody(op, p.ids);
    if (sent !== undefined) options.payload = sent as InjectOptions['payload'];
  }
  if (op.isStream) return sendStream(p, options, url, sent);
  const res = await p.t.app.inject(options);
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
    url,
    sent,
  };
}

/** A stream answers with its headers and then never ends: read the status and close it. */
async function sendStream(p: ProbeApp, options: InjectOptions, url: string, sent: unknown): Promise<Answer> {
  const res = await p.t.app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  stream.destroy();
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: '',
    url,
    sent,
  };
}
