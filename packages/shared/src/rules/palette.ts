import { DEFAULT_PRIMARY_COLOR, PALETTE_SIZE } from '../constants/theme.ts';

type Rgb = { r: number; g: number; b: number };
type Hsl = { h: number; s: number; l: number };

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
// The golden angle spreads successive hues far apart, so neighbouring palette entries are easy to tell apart.
const GOLDEN_ANGLE = 137.508;
const LIGHTNESS_OFFSETS = [0, 0.14, -0.14] as const;
// Bounds keep derived colours visibly coloured even when the primary is grey, black or white.
const SATURATION_RANGE = [0.45, 0.85] as const;
const LIGHTNESS_RANGE = [0.38, 0.58] as const;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function parseHex(value: string): Rgb | null {
  const match = HEX_PATTERN.exec(value.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  const hex = [r, g, b]
    .map((c) =>
      Math.round(clamp(c, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
  return `#${hex.toUpperCase()}`;
}

function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = (gn - bn) / d + (gn < bn ? 6 : 0);
  if (max === gn) h = (bn - rn) / d + 2;
  if (max === bn) h = (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

function hslToRgb({ h, s, l }: Hsl): Rgb {
  const a = s * Math.min(l, 1 - l);
  const k = (n: number) => (n + h / 30) % 12;
  const channel = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return { r: channel(0), g: channel(8), b: channel(4) };
}

function parseOrDefault(value: string): Rgb {
  return parseHex(value) ?? (parseHex(DEFAULT_PRIMARY_COLOR) as Rgb);
}

/**
 * The PALETTE_SIZE (30) distinct '#RRGGBB' colours for charts and avatars (SPEC 9). The first is the primary
 * colour itself, upper-cased; the rest step the hue by the golden angle and cycle three lightness levels.
 * Deterministic. '#rgb' and a missing '#' are accepted; other invalid input uses DEFAULT_PRIMARY_COLOR.
 */
export function getPalette(primary: string): string[] {
  const base = parseOrDefault(primary);
  const first = toHex(base);
  const hsl = rgbToHsl(base);
  const s = clamp(hsl.s, ...SATURATION_RANGE);
  const l = clamp(hsl.l, ...LIGHTNESS_RANGE);
  const colors = new Set<string>([first]);
  // Rounding to 8-bit channels could in theory collide, so keep stepping until the palette is full.
  for (let i = 1; colors.size < PALETTE_SIZE; i++) {
    const h = (hsl.h + i * GOLDEN_ANGLE) % 360;
    const offset = LIGHTNESS_OFFSETS[i % LIGHTNESS_OFFSETS.length] ?? 0;
    colors.add(toHex(hslToRgb({ h, s, l: l + offset })));
  }
  return [...colors];
}

function hashKey(key: string): number {
  // FNV-1a, 32-bit: small, fast and stable across platforms.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A stable palette colour for a key (e.g. a user or team id), used for avatar circles. */
export function getColorForKey(primary: string, key: string): string {
  const palette = getPalette(primary);
  return palette[hashKey(key) % palette.length] ?? palette[0] ?? DEFAULT_PRIMARY_COLOR;
}

function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The text colour with the higher WCAG contrast ratio on this background. Invalid input is read as
 * DEFAULT_PRIMARY_COLOR.
 */
export function getContrastText(hex: string): '#000000' | '#FFFFFF' {
  const luminance = relativeLuminance(parseOrDefault(hex));
  const withWhite = 1.05 / (luminance + 0.05);
  const withBlack = (luminance + 0.05) / 0.05;
  return withBlack > withWhite ? '#000000' : '#FFFFFF';
}
