import { createHash } from 'node:crypto';
import {
  type Client,
  getImageSrcSet,
  HEADER_LOGO_SIZE,
  HOME_IMAGE_SIZE,
  PREFETCH_ALWAYS,
  PREFETCH_BY_PAGE,
  PREFETCH_GLOBAL,
  SESSION_HINT_META,
  TOKEN_STORAGE_KEY,
} from '@rally/shared';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Starts the first page's requests (PREFETCH_ALWAYS and PREFETCH_BY_PAGE, see @rally/shared) while the JavaScript
 * downloads, with the stored token, and only when the visitor has a session: a stored token, or the page's
 * SESSION_HINT_META (the request came with a valid session cookie); when the meta says `me`, the page's data is
 * not the viewer's to read (an applicant's, a feed the client does not have) and only the session is asked. Static text, so the CSP allows it by its hash (BOOT_SCRIPT_CSP_SOURCE); a
 * failed request answers null and the app asks again itself.
 */
export const BOOT_SCRIPT = `(function(){try{var t=null;try{t=localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})}catch(e){}var h={accept:'application/json'};if(t)h.authorization='Bearer '+t;var m=document.querySelector('meta[name="${SESSION_HINT_META}"]');var u=t||m?${JSON.stringify(PREFETCH_ALWAYS)}.concat(m&&m.content==='me'?[]:${JSON.stringify(PREFETCH_BY_PAGE)}[location.pathname]||[]):[];var r={};u.forEach(function(x){r[x]=fetch(x,{headers:h,credentials:'same-origin'}).catch(function(){return null})});window[${JSON.stringify(PREFETCH_GLOBAL)}]={token:t,at:Date.now(),responses:r}}catch(e){}})();`;

/** The CSP source that allows BOOT_SCRIPT inline (and no other inline script). */
export const BOOT_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

// The classes of the app's first render (apps/web: app-shell.tsx, app-header.tsx, page-loader.tsx, spinner.tsx),
// so the frame drawn from the HTML is replaced without anything moving.
const SHELL = 'flex min-h-dvh flex-col';
const HEADER =
  'sticky top-0 z-30 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur';
const HEADER_ROW = 'mx-auto flex max-w-(--shell-width) items-center gap-3 px-4 py-2.5';
const LOGO = 'shrink-0 rounded-xl object-contain';
const LETTER = 'flex shrink-0 items-center justify-center rounded-xl bg-brand font-bold text-brand-contrast';
const TITLE =
  'line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold tracking-tight break-words text-slate-900 sm:text-lg';
const MAIN = 'mx-auto w-full max-w-(--shell-width) flex-1 px-4 py-6 focus:outline-none sm:py-8';
const LOADER = 'flex min-h-[50dvh] items-center justify-center text-brand-text';
const RING =
  'inline-block animate-spin rounded-full border-2 border-current border-r-transparent size-5 size-8';

/** The logo the header shows on this page: the home image, larger, on the home page (SPEC 2). */
function headerLogo(client: Client, path: string) {
  if (path !== '/') return { url: client.image_url, ...HEADER_LOGO_SIZE };
  const { width, height } = client.config.home_image;
  return {
    url: client.home_image_url ?? client.image_url,
    width: width || HOME_IMAGE_SIZE.width,
    height: height || HOME_IMAGE_SIZE.height,
  };
}

/**
 * The app's frame as its first render draws it — header with the client's logo and name, and the loading ring —
 * sent inside `#root`, so the page paints its brand before the JavaScript has run; React replaces it.
 */
export function renderAppFrame(client: Client, path: string): string {
  const logo = headerLogo(client, path);
  const name = escapeHtml(client.name);
  const size = `width:${logo.width}px;height:${logo.height}px`;
  let logoHtml: string;
  if (logo.url) {
    const srcset = getImageSrcSet(logo.url);
    const responsive = srcset ? ` sizes="${logo.width}px" srcset="${escapeHtml(srcset)}"` : '';
    logoHtml = `<img alt="${name}" width="${logo.width}" height="${logo.height}" loading="eager" decoding="async"${responsive} src="${escapeHtml(logo.url)}" style="${size}" class="${LOGO}">`;
  } else {
    const letter = escapeHtml(client.name.slice(0, 1).toUpperCase());
    logoHtml = `<span aria-hidden="true" style="${size};font-size:${Math.round(logo.height * 0.45)}px" class="${LETTER}">${letter}</span>`;
  }
  const width =
    path === '/admin' || path.startsWith('/admin/') ? '[--shell-width:80rem]' : '[--shell-width:64rem]';
  return [
    `<div class="${SHELL} ${width}">`,
    `<header class="${HEADER}"><div class="${HEADER_ROW}">${logoHtml}<p class="${TITLE}">${name}</p><div class="flex shrink-0 items-center gap-1"></div></div></header>`,
    `<main class="${MAIN}"><div class="${LOADER}"><span class="inline-flex"><span aria-hidden="true" class="${RING}"></span></span></div></main>`,
    '</div>',
  ].join('');
}
