import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real http server on 127.0.0.1 standing in for an integrator's endpoint. */
export interface Receiver {
  /** `http://127.0.0.1:{port}/hook` (any path is answered). */
  url: string;
  port: number;
  received: Received[];
  /** How the next POSTs are answered: a status per request, then `then` for the rest (200 by default). */
  answer(statuses: number[], then?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let queue: number[] = [];
  let rest = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queue.shift() ?? rest;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : `failed with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answer(statuses, then = 200) {
      queue = [...statuses];
      rest = then;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Standard Webhooks check a receiver makes, written out with node:crypto: the base64 HMAC-SHA256 of
 * `${webhook-id}.${webhook-timestamp}.${body}` keyed with the secret's decoded bytes, as `v1,…`.
 */
export function expectedSignature(secret: string, message: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

/** The signatures of the `webhook-signature` header. */
export const signaturesOf = (message: Received) => String(message.headers['webhook-signature']).split(' ');
