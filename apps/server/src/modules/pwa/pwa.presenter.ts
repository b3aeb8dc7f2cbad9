import { createHash } from 'node:crypto';
import { type Client, DEFAULT_PRIMARY_COLOR } from '@rally/shared';

/** How each icon of the installed app is drawn (pwa.service.ts). */
export type IconPurpose = 'any' | 'maskable' | 'apple';

/**
 * The icons of the installed app, by file name: "any" icons show the logo as it is, maskable ones keep it in the
 * safe zone on the client's colour (the platform cuts them to its own shape), and the apple-touch icon fills its
 * square, since iOS rounds its corners and paints transparency black.
 */
export const PWA_ICONS = {
  '192.png': { size: 192, purpose: 'any' },
  '512.png': { size: 512, purpose: 'any' },
  '192-maskable.png': { size: 192, purpose: 'maskable' },
  '512-maskable.png': { size: 512, purpose: 'maskable' },
  '180-apple.png': { size: 180, purpose: 'apple' },
} as const satisfies Record<string, { size: number; purpose: IconPurpose }>;

export type PwaIconName = keyof typeof PWA_ICONS;
export const PWA_ICON_NAMES = Object.keys(PWA_ICONS) as [PwaIconName, ...PwaIconName[]];

/** The page colour of the app (Tailwind's slate-50, apps/web/src/index.css): the splash screen's background. */
export const BACKGROUND_COLOR = '#F8FAFC';
/** Home screens show about 12 characters under an icon. */
export const SHORT_NAME_MAX = 12;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The client's primary colour, or the product's when it is not a plain #RRGGBB (it goes into SVG and PNG). */
export function brandColor(client: Client): string {
  const color = client.config.primary_color;
  return HEX_COLOR.test(color) ? color.toUpperCase() : DEFAULT_PRIMARY_COLOR;
}

/**
 * The name under the home-screen icon, at most SHORT_NAME_MAX characters: the whole name when it fits, else as
 * many leading words as fit, else the first word cut.
 */
export function shortNameOf(name: string): string {
  const chars = (s: string) => Array.from(s);
  const clean = name.trim().replace(/\s+/g, ' ');
  if (chars(clean).length <= SHORT_NAME_MAX) return clean;
  let short = '';
  for (const word of clean.split(' ')) {
    const next = short ? `${short} ${word}` : word;
    if (chars(next).length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || chars(clean).slice(0, SHORT_NAME_MAX).join('').trim();
}

/**
 * Changes whenever anything an icon is drawn from changes (logo, colour, the name's initial), so icon URLs can be
 * cached for a year and the icon cache never serves a stale picture.
 */
export function iconVersion(client: Client): string {
  return createHash('sha256')
    .update(`${client.image_url ?? ''}\n${brandColor(client)}\n${client.name}`)
    .digest('hex')
    .slice(0, 10);
}

export const iconUrl = (client: Client, name: PwaIconName) =>
  `/api/pwa-icons/${client.id}/${name}?v=${iconVersion(client)}`;

/** The web app manifest of a client's host: its name, colours and icons (issue 11). */
export function presentManifest(client: Client) {
  const manifestIcon = (name: PwaIconName) => ({
    src: iconUrl(client, name),
    sizes: `${PWA_ICONS[name].size}x${PWA_ICONS[name].size}`,
    type: 'image/png',
    purpose: PWA_ICONS[name].purpose,
  });
  return {
    id: '/',
    name: client.name,
    short_name: shortNameOf(client.name),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brandColor(client),
    background_color: BACKGROUND_COLOR,
    icons: (['192.png', '512.png', '192-maskable.png', '512-maskable.png'] as const).map(manifestIcon),
    prefer_related_applications: false,
  };
}
