import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LinkPreview } from '@rally/shared';
import { hostOf, isPrivateAddress, publicOnlyLookup } from '../../lib/public-address.ts';

/** Where previews may be fetched from; production keeps the defaults, tests allow a local server. */
export interface LinkPreviewPolicy {
  /** Allow loopback, private, link-local and other non-public addresses (tests only). */
  allowPrivate: boolean;
  /** Ports a link may use; 80 and 443 by default. */
  ports: readonly number[];
  /** Give up after this long (connection, redirects and body together). */
  timeoutMs: number;
  /** Read at most this many bytes of the page. */
  maxBytes: number;
}

const DEFAULT_POLICY: LinkPreviewPolicy = {
  allowPrivate: false,
  ports: [80, 443],
  timeoutMs: 3_000,
  maxBytes: 512 * 1024,
};
let policy: LinkPreviewPolicy = DEFAULT_POLICY;

/** Changes where previews may be fetched from (API tests point it at a local http server); returns the old one. */
export function setLinkPreviewPolicy(patch: Partial<LinkPreviewPolicy>): LinkPreviewPolicy {
  const old = policy;
  policy = { ...policy, ...patch };
  return old;
}

/** The first http(s) URL in a text, without trailing punctuation; null when there is none. */
export function findFirstUrl(text: string): string | null {
  const match = /\bhttps?:\/\/[^\s<>"']+/i.exec(text);
  if (!match) return null;
  const url = match[0].replace(/[).,;:!?\]]+$/, '');
  try {
    return new URL(url).toString();
  } catch {
    return null;
  }
}

// Resolves like the system does, then refuses non-public addresses, so a DNS answer cannot smuggle one in.
const guardedLookup = publicOnlyLookup(() => policy.allowPrivate);

interface Page {
  url: string;
  html: string;
}

function fetchOnce(
  url: URL,
  signal: AbortSignal,
): Promise<{ status: number; location?: string; html?: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        lookup: guardedLookup,
        signal,
        headers: { 'user-agent': 'RallyLinkPreview/1.0', accept: 'text/html,application/xhtml+xml' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        const type = String(res.headers['content-type'] ?? '');
        if (status !== 200 || !/text\/html|application\/xhtml/i.test(type)) {
          res.resume();
          return resolve({ status });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          // The head of a page holds what a preview needs; stop reading at the cap.
          if (size >= policy.maxBytes) res.destroy();
        });
        const done = () =>
          resolve({ status, html: Buffer.concat(chunks).subarray(0, policy.maxBytes).toString('utf8') });
        res.on('end', done);
        res.on('close', done);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

function checkTarget(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!policy.ports.includes(port)) throw new Error(`port ${port} is not allowed`);
  const host = hostOf(url);
  if (isIP(host) && !policy.allowPrivate && isPrivateAddress(host)) throw new Error('not a public address');
}

async function fetchPage(start: string, signal: AbortSignal): Promise<Page | null> {
  let url = new URL(start);
  for (let hop = 0; hop < 4; hop++) {
    checkTarget(url);
    const answer = await fetchOnce(url, signal);
    if (answer.location) {
      url = new URL(answer.location, url);
      continue;
    }
    return answer.html === undefined ? null : { url: url.toString(), html: answer.html };
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/\s+/g, ' ')
    .trim();

/** Open Graph (or plain HTML) title, description, image and site name of a page. */
export function parsePreview(html: string, pageUrl: string): LinkPreview | null {
  const head = html.slice(0, 200_000);
  const metas = new Map<string, string>();
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')
        .exec(tag)
        ?.slice(2)
        .find((v) => v !== undefined);
    const key = (attr('property') ?? attr('name'))?.toLowerCase();
    const content = attr('content');
    if (key && content !== undefined && !metas.has(key)) metas.set(key, decode(content));
  }
  const titleTag = /<title[^>]*>([^<]*)<\/title>/i.exec(head)?.[1];
  const clip = (s: string | undefined, n: number) =>
    s ? (s.length > n ? `${s.slice(0, n - 1)}…` : s) : null;
  const title = clip(
    metas.get('og:title') ?? metas.get('twitter:title') ?? (titleTag ? decode(titleTag) : undefined),
    200,
  );
  const description = clip(
    metas.get('og:description') ?? metas.get('description') ?? metas.get('twitter:description'),
    300,
  );
  let image = metas.get('og:image') ?? metas.get('twitter:image') ?? null;
  if (image) {
    try {
      const abs = new URL(image, pageUrl);
      image = abs.protocol === 'https:' || abs.protocol === 'http:' ? abs.toString() : null;
    } catch {
      image = null;
    }
  }
  if (!title && !description) return null;
  return {
    url: pageUrl,
    title,
    description,
    image_url: image,
    site_name: clip(metas.get('og:site_name') ?? new URL(pageUrl).hostname, 100),
  };
}

/**
 * The preview of the first http(s) link in a text, fetched with a short timeout, a size cap, only on allowed
 * ports and never from non-public addresses; null when there is no link or anything fails.
 */
export async function fetchLinkPreview(text: string): Promise<LinkPreview | null> {
  const url = findFirstUrl(text);
  if (!url) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    const page = await fetchPage(url, controller.signal);
    if (!page) return null;
    const preview = parsePreview(page.html, page.url);
    return preview ? { ...preview, url } : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
