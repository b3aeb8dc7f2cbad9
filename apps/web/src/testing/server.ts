import { setupServer } from 'msw/node';
import { appShellHandlers } from './handlers';

/** The tests' API: MSW in Node, started in setup.ts; tests add their answers with server.use(). */
export const server = setupServer(...appShellHandlers);

/** A call the app made, as the server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Authorization header ("Bearer …"), null without a session. */
  authorization: string | null;
  /** The JSON body (parsed), its text when it is not JSON, undefined when empty. */
  body: unknown;
}

let journal: Promise<ReceivedRequest>[] = [];
let unhandled: string[] = [];

async function read(request: Request): Promise<ReceivedRequest> {
  const url = new URL(request.url);
  const text = await request.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: request.headers.get('authorization'),
    body,
  };
}

// Every request is journaled before a handler reads it, so tests can assert on what the server was sent.
server.events.on('request:start', ({ request }) => {
  journal.push(read(request.clone()));
});
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** The requests received so far in this test, oldest first; only those of `method` and `path` when given. */
export async function receivedRequests(method?: string, path?: string): Promise<ReceivedRequest[]> {
  const all = await Promise.all(journal);
  return all.filter((r) => (!method || r.method === method) && (!path || r.path === path));
}

/** The bodies `method path` was sent in this test, oldest first. */
export async function receivedBodies(method: string, path: string): Promise<unknown[]> {
  return (await receivedRequests(method, path)).map((r) => r.body);
}

/** Forgets this test's journal; answers the requests no handler matched, which fail the test (setup.ts). */
export function resetJournal(): string[] {
  const missed = unhandled;
  journal = [];
  unhandled = [];
  return missed;
}
