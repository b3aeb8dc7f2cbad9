import { getDisplayName, readableOn, splitHashtags } from '@rally/shared';
import { escapeHtml } from '../../lib/html.ts';

export interface SharePageData {
  origin: string;
  clientName: string;
  clientId: string;
  logoUrl: string | null;
  primaryColor: string;
  title: string;
  text: string;
  imageUrl: string | null;
  videoUrl: string | null;
  sharer: {
    first_name: string | null;
    last_name: string | null;
    username: string | null;
    display_username: boolean;
    email: string | null;
  };
  /** The call to action under the post: the promoted page, or joining the client's community. */
  cta: { href: string; label: string };
  shareId: string;
}

const absolute = (origin: string, url: string) => (url.startsWith('http') ? url : `${origin}${url}`);

/** The public page of a tracked link: Open Graph and Twitter card tags for previews, then the post itself. */
export function renderSharePage(d: SharePageData): string {
  const description = d.text.length > 200 ? `${d.text.slice(0, 197)}…` : d.text;
  const url = `${d.origin}/p/${d.shareId}`;
  const image = d.imageUrl ? absolute(d.origin, d.imageUrl) : null;
  const meta = [
    ['og:type', 'article'],
    ['og:site_name', d.clientName],
    ['og:title', d.title],
    ['og:description', description],
    ['og:url', url],
    ...(image ? [['og:image', image]] : []),
  ]
    .map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c!)}">`)
    .concat(
      [
        ['twitter:card', image ? 'summary_large_image' : 'summary'],
        ['twitter:title', d.title],
        ['twitter:description', description],
        ...(image ? [['twitter:image', image]] : []),
      ].map(([n, c]) => `<meta name="${n}" content="${escapeHtml(c!)}">`),
    )
    .join('');
  const body = splitHashtags(d.text)
    .map((part) =>
      part.hashtag ? `<span class="tag">${escapeHtml(part.text)}</span>` : escapeHtml(part.text),
    )
    .join('');
  const media = d.videoUrl
    ? `<video controls playsinline src="${escapeHtml(d.videoUrl)}"></video>`
    : d.imageUrl
      ? `<img src="${escapeHtml(d.imageUrl)}" alt="">`
      : '';
  const head = `<title>${escapeHtml(d.title)} · ${escapeHtml(d.clientName)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(url)}">${meta}`;
  return publicPage(
    d,
    head,
    `<article class="card">${media}<div class="content"><p class="by">Shared by ${escapeHtml(getDisplayName(d.sharer))}</p>
<h1>${escapeHtml(d.title)}</h1><p class="text">${body}</p></div></article>
<a class="cta" href="${escapeHtml(d.cta.href)}">${escapeHtml(d.cta.label)}</a>`,
  );
}

/** What every public page of a client shows around its content: the client's favicon, logo, name and colour. */
export interface PublicBrand {
  clientName: string;
  clientId: string;
  logoUrl: string | null;
  primaryColor: string;
}

/** A public page in the client's brand (the share page and its errors): `head` and `main` are trusted HTML. */
function publicPage(brand: PublicBrand, head: string, main: string): string {
  const logo = brand.logoUrl
    ? `<img class="logo" src="${escapeHtml(brand.logoUrl)}" alt="" width="40" height="40">`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head}<link rel="icon" href="/api/favicon/${escapeHtml(brand.clientId)}">
<style>body{margin:0;font:1rem/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:560px;margin:0 auto;padding:24px 16px}header{display:flex;align-items:center;gap:12px;margin-bottom:16px}
.logo{border-radius:10px}.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;overflow:hidden}
.card img,.card video{display:block;width:100%;height:auto;background:#0f172a}.content{padding:16px 20px}
h1{font-size:1.25rem;margin:0 0 8px}.by{color:#64748b;font-size:0.875rem;margin:0 0 8px}.text{white-space:pre-wrap;margin:0}
.muted{color:#475569;margin:0}.tag{color:#2563eb}
.cta{display:block;margin-top:20px;text-align:center;background:${brand.primaryColor};color:${readableOn(brand.primaryColor)};text-decoration:none;padding:12px;border-radius:12px;font-weight:600}</style>
</head><body><main><header>${logo}<strong>${escapeHtml(brand.clientName)}</strong></header>
${main}</main></body></html>`;
}

/**
 * A public link that leads nowhere (an unknown or removed share): the client's brand, a plain explanation and the
 * way into the client's app on its own domain (`appUrl`), instead of a bare error page.
 */
export function renderUnavailablePage(
  brand: PublicBrand,
  page: { title: string; text: string; appUrl: string; cta: string },
): string {
  return publicPage(
    brand,
    `<title>${escapeHtml(page.title)} · ${escapeHtml(brand.clientName)}</title><meta name="robots" content="noindex">`,
    `<article class="card"><div class="content"><h1>${escapeHtml(page.title)}</h1><p class="muted">${escapeHtml(page.text)}</p></div></article>
<a class="cta" href="${escapeHtml(page.appUrl)}">${escapeHtml(page.cta)}</a>`,
  );
}

/** The activity's destination URL when it is a stored http(s) address, else null. */
export function destinationOf(config: Record<string, unknown>): string | null {
  const value = config.destination_url;
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Link-preview robots and crawlers: their visits are not clicks. Not the bare app names of LinkedIn and
 * Pinterest: their in-app browsers (`[LinkedInApp]`, `[Pinterest/Android]`) are people following the link, and
 * their robots (LinkedInBot, Pinterestbot) already match `bot`.
 */
export const BOT_PATTERN =
  /bot|crawl|spider|slurp|facebookexternalhit|facebot|embedly|preview|whatsapp|telegram|slack|discord|vkshare|quora|outbrain|skype|bing|headless/i;
