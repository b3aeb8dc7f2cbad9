import { DEFAULT_PRIMARY_COLOR, PALETTE_SIZE } from '../constants/theme.ts';
import { clamp, hslToRgb, parseHex, type Rgb, rgbToHsl, toHex } from './color-space.ts';
import { readableOn } from './contrast.ts';

// The golden angle spreads successive hues far apart, so neighbouring palette entries are easy to tell apart.
const GOLDEN_ANGLE = 137.508;
const LIGHTNESS_OFFSETS = [0, 0.14, -0.14] as const;
// Bounds keep derived colours visibly coloured even when the primary is grey, black or white.
const SATURATION_RANGE = [0.45, 0.85] as const;
const LIGHTNESS_RANGE = [0.38, 0.58] as const;

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

/**
 * The text colour with the higher WCAG contrast ratio on this background (see readableOn). Invalid input is read
 * as DEFAULT_PRIMARY_COLOR.
 */
export function getContrastText(hex: string): '#000000' | '#FFFFFF' {
  return readableOn(hex);
}
