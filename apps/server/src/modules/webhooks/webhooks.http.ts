import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT_MAX, WEBHOOK_RETRY_DELAYS_SECONDS } from '@rally/shared';
import type { AppConfig } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { checkPublicHost, hostOf, isPrivateAddress, publicOnlyLookup } from '../../lib/public-address.ts';

/** How deliveries go out. Production keeps the defaults; API tests point them at a local receiver. */
export interface WebhookTransport {
  /** Allow http:// and loopback, private and link-local addresses (tests; WEBHOOKS_ALLOW_PRIVATE does it too). */
  allowPrivate: boolean;
  /** Give up on an attempt after this long (connection, answer and its body together). */
  timeoutMs: number;
  /** Read at most this many bytes of an answer. */
  maxResponseBytes: number;
  /** Waits before each retry, in milliseconds (WEBHOOK_RETRY_DELAYS_SECONDS). */
  retryDelaysMs: readonly number[];
}

const DEFAULT_TRANSPORT: WebhookTransport = {
  allowPrivate: false,
  timeoutMs: 10_000,
  maxResponseBytes: 16 * 1024,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_SECONDS.map((s) => s * 1000),
};
let transport: WebhookTransport = DEFAULT_TRANSPORT;

/** Changes how deliveries go out (API tests: a local receiver, retries at once); returns the old settings. */
export function setWebhookTransport(patch: Partial<WebhookTransport>): WebhookTransport {
  const old = transport;
  transport = { ...transport, ...patch };
  return old;
}

/** The settings in force: the test switch, with WEBHOOKS_ALLOW_PRIVATE of the deployment's config. */
export function webhookTransport(config: Pick<AppConfig, 'webhooksAllowPrivate'>): WebhookTransport {
  return { ...transport, allowPrivate: transport.allowPrivate || config.webhooksAllowPrivate };
}

/**
 * Checks an endpoint URL an admin gives and answers it normalised: https (http only where private addresses are
 * allowed), and a host that resolves, to public addresses only. Throws 400 naming what is wrong.
 */
export async function checkEndpointUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('The URL is not a valid web address');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw badRequest('The URL must start with https://');
  if (url.username || url.password)
    throw badRequest('The URL must not hold a user name or password: the signature proves who sends');
  const found = await checkPublicHost(hostOf(url));
  if (found === 'not_found') throw badRequest(`The host ${url.hostname} could not be found`);
  if (found === 'private' && !allowPrivate)
    throw badRequest('This address is private: webhooks only reach public hosts');
  url.hash = '';
  return url.toString();
}

/** What one POST to an endpoint came to. */
export interface PostOutcome {
  isSuccess: boolean;
  /** The HTTP status answered; null without an answer. */
  responseCode: number | null;
  responseExcerpt: string | null;
  /** Why there was no (successful) answer, in words. */
  error: string | null;
  durationMs: number;
}

interface Answer {
  status: number;
  body: string;
}

function post(url: URL, headers: Record<string, string>, body: string, settings: WebhookTransport) {
  return new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        // A new connection each time: every attempt resolves the host again through the public-only lookup.
        agent: false,
        lookup: publicOnlyLookup(() => settings.allowPrivate),
        signal: AbortSignal.timeout(settings.timeoutMs),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          // The start of the answer is all the log keeps: stop reading at the cap.
          if (size >= settings.maxResponseBytes) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, settings.maxResponseBytes).toString('utf8'),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function describeError(error: unknown, settings: WebhookTransport): string {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `No answer within ${Math.round(settings.timeoutMs / 1000)} s`;
  if (e.code === 'ECONNREFUSED') return 'The connection was refused';
  if (e.code === 'ECONNRESET') return 'The connection was closed before an answer';
  if (e.code === 'ENOTFOUND') return 'The host could not be found';
  return (e.message ?? String(error)).slice(0, 300);
}

/**
 * POSTs a signed delivery to an endpoint: never to a non-public address (checked again at connect time, so a DNS
 * answer that changed since registration cannot reach one), redirects not followed (a 3xx is a failure), at most
 * `timeoutMs` and `maxResponseBytes`. A 2xx answer is a success.
 */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  settings: WebhookTransport,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): PostOutcome => ({
    isSuccess: false,
    responseCode: null,
    responseExcerpt: null,
    error,
    durationMs: elapsed(),
  });
  const url = URL.parse(target);
  if (!url) return failed('The URL is not a valid web address');
  if (url.protocol !== 'https:' && !(settings.allowPrivate && url.protocol === 'http:'))
    return failed('The URL must start with https://');
  const host = hostOf(url);
  if (isIP(host) && !settings.allowPrivate && isPrivateAddress(host))
    return failed('This address is private: webhooks only reach public hosts');
  try {
    const answer = await post(url, headers, body, settings);
    const isSuccess = answer.status >= 200 && answer.status < 300;
    return {
      isSuccess,
      responseCode: answer.status,
      responseExcerpt: answer.body ? answer.body.slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX) : null,
      error: isSuccess
        ? null
        : answer.status >= 300 && answer.status < 400
          ? `Answered ${answer.status}: redirects are not followed`
          : `Answered ${answer.status}`,
      durationMs: elapsed(),
    };
  } catch (error) {
    return failed(describeError(error, settings));
  }
}
