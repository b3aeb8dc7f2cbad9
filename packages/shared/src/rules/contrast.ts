import { DEFAULT_PRIMARY_COLOR } from '../constants/theme.ts';
import { clamp, hslToRgb, parseHex, type Rgb, rgbToHsl, toHex } from './color-space.ts';

// WCAG 2 contrast for a client's brand colours, which are arbitrary: large surfaces keep the exact brand colour with
// a foreground chosen by contrast, while brand-coloured text and icons on the app's light surfaces use a variant of
// the colour (same hue) dark enough to be read.

/** WCAG AA minimum contrast for normal text. */
export const AA_TEXT_CONTRAST = 4.5;
/** WCAG AA minimum contrast for large text (24 px, or 18.66 px bold) and for icons and controls. */
export const AA_LARGE_CONTRAST = 3;

const WHITE = '#FFFFFF';
const BLACK = '#000000';
/**
 * The light surfaces brand-coloured text sits on: white cards, the slate-50 page and slate-100 panels. Text also
 * sits on brand tints (up to 10 % of the brand colour over the page), added per colour by getBrandTextColor.
 */
const LIGHT_SURFACES = ['#FFFFFF', '#F8FAFC', '#F1F5F9'] as const;
const BRAND_TINT = 0.1;
// Browsers blend tints in 8-bit steps, so brand text aims a little above 4.5:1 to stay above it once drawn.
const BRAND_TEXT_TARGET = AA_TEXT_CONTRAST + 0.1;

function rgbOf(color: string): Rgb {
  return parseHex(color) ?? (parseHex(DEFAULT_PRIMARY_COLOR) as Rgb);
}

function luminanceOf({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * WCAG relative luminance of a '#RRGGBB' or '#RGB' colour, from 0 (black) to 1 (white). Invalid input is read as
 * DEFAULT_PRIMARY_COLOR, like every colour rule of the package.
 */
export function relativeLuminance(color: string): number {
  return luminanceOf(rgbOf(color));
}

/** WCAG contrast ratio of two colours, from 1 (same luminance) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The foreground for text and icons on a surface of this colour: black or white, whichever contrasts more. Pure
 * black rather than a softer near-black, because only the two extremes reach 4.5:1 on every colour (at worst about
 * 4.58:1, on a mid-luminance colour).
 */
export function readableOn(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio(BLACK, background) > contrastRatio(WHITE, background) ? BLACK : WHITE;
}

/** `color` laid at `weight` (0..1) over `base`, as CSS draws bg-brand/10 on white: '#RRGGBB'. */
export function mixColors(color: string, base: string, weight: number): string {
  const [c, b] = [rgbOf(color), rgbOf(base)];
  const w = clamp(weight, 0, 1);
  return toHex({ r: c.r * w + b.r * (1 - w), g: c.g * w + b.g * (1 - w), b: c.b * w + b.b * (1 - w) });
}

/**
 * The colour, darkened on a light background or lightened on a dark one, hue and saturation kept, just enough to
 * reach `min` contrast against `against`; unchanged (upper-cased) when it already does. When no lightness reaches
 * `min` (only possible above about 4.58:1), the extreme, black or white, is returned.
 */
export function accessibleVariant(
  color: string,
  against: string = WHITE,
  min: number = AA_TEXT_CONTRAST,
): string {
  const original = toHex(rgbOf(color));
  const background = toHex(rgbOf(against));
  const passes = (hex: string) => contrastRatio(hex, background) >= min;
  if (passes(original)) return original;
  const hsl = rgbToHsl(rgbOf(original));
  const darken = readableOn(background) === BLACK;
  const at = (l: number) => toHex(hslToRgb({ ...hsl, l }));
  // Lightness moves contrast one way only, so search between the colour's own lightness and the extreme.
  let [near, far] = [hsl.l, darken ? 0 : 1];
  if (!passes(at(far))) return darken ? BLACK : WHITE;
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (passes(at(mid))) far = mid;
    else near = mid;
  }
  return at(far);
}

/**
 * The brand colour for text, links and icons on the app's light surfaces (white, the page, panels and brand tints):
 * the colour itself when it reaches 4.5:1 (with a small margin) on the darkest of them, else its accessible variant.
 */
export function getBrandTextColor(color: string): string {
  const surfaces = [...LIGHT_SURFACES, mixColors(color, LIGHT_SURFACES[1], BRAND_TINT)];
  const darkest = surfaces.reduce((a, b) => (relativeLuminance(b) < relativeLuminance(a) ? b : a));
  return accessibleVariant(color, darkest, BRAND_TEXT_TARGET);
}

/**
 * How a chosen brand colour fares for text, as /admin/general reports it. Ratios are cut (not rounded) to 2
 * decimals, so one below 4.5:1 never reads as 4.5.
 */
export interface ColorAccessibility {
  /** Contrast of the colour as text on white. */
  onWhite: number;
  /** Whether that reaches AA for normal text (4.5:1). */
  isTextOnWhiteOk: boolean;
  /** The colour brand-coloured text uses instead (the colour itself when it is dark enough). */
  textColor: string;
  /** The foreground chosen for text on a surface of this colour. */
  foreground: '#000000' | '#FFFFFF';
  /** Its contrast on the colour. */
  foregroundRatio: number;
  /** Whether text on the colour reaches AA (4.5:1). */
  isForegroundOk: boolean;
}

const cut2 = (n: number) => Math.floor(n * 100) / 100;

export function getColorAccessibility(color: string): ColorAccessibility {
  const onWhite = contrastRatio(color, WHITE);
  const foreground = readableOn(color);
  const foregroundRatio = contrastRatio(foreground, color);
  return {
    onWhite: cut2(onWhite),
    isTextOnWhiteOk: onWhite >= AA_TEXT_CONTRAST,
    textColor: getBrandTextColor(color),
    foreground,
    foregroundRatio: cut2(foregroundRatio),
    isForegroundOk: foregroundRatio >= AA_TEXT_CONTRAST,
  };
}

/**
 * The CSS variables of a client's theme: the exact brand colours for surfaces, the foreground chosen for each
 * (…-contrast) and the variants for brand-coloured text on light surfaces (…-text).
 */
export function getThemeVariables(primary: string, secondary: string): Record<string, string> {
  return {
    '--color-primary': primary,
    '--color-secondary': secondary,
    '--color-primary-contrast': readableOn(primary),
    '--color-secondary-contrast': readableOn(secondary),
    '--color-primary-text': getBrandTextColor(primary),
    '--color-secondary-text': getBrandTextColor(secondary),
  };
}
