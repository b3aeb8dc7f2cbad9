import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOR } from '../constants/theme.ts';
import {
  accessibleVariant,
  contrastRatio,
  getBrandTextColor,
  getColorAccessibility,
  getThemeVariables,
  mixColors,
  readableOn,
  relativeLuminance,
} from './contrast.ts';

const HEX = /^#[0-9A-F]{6}$/;
const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

/** Hue in degrees and HSL saturation of '#RRGGBB'. */
function hueAndSaturation(hex: string): { h: number; s: number } {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  if (d === 0) return { h: 0, s: 0 };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = ((g - b) / d + 6) % 6;
  if (max === g) h = (b - r) / d + 2;
  if (max === b) h = (r - g) / d + 4;
  return { h: h * 60, s };
}

describe('relativeLuminance', () => {
  it.each([
    ['#000000', 0],
    ['#FFFFFF', 1],
    ['#FF0000', 0.2126],
    ['#00FF00', 0.7152],
    ['#0000FF', 0.0722],
    ['#808080', 0.2159],
  ])('of %s is %f', (color, luminance) => {
    expect(relativeLuminance(color)).toBeCloseTo(luminance, 4);
  });

  it('reads #rgb, a missing # and lower case alike, and invalid input as the default primary colour', () => {
    expect(relativeLuminance('#fff')).toBe(1);
    expect(relativeLuminance('c2410c')).toBe(relativeLuminance('#C2410C'));
    expect(relativeLuminance('not a colour')).toBe(relativeLuminance(DEFAULT_PRIMARY_COLOR));
  });
});

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#FFFFFF', 21],
    ['#FFFFFF', '#FFFFFF', 1],
    ['#777777', '#FFFFFF', 4.48],
    ['#767676', '#FFFFFF', 4.54],
    ['#007E97', '#FFFFFF', 4.74],
    ['#C2410C', '#FFFFFF', 5.18],
    ['#6BF15C', '#FFFFFF', 1.46],
    ['#FFFF00', '#000000', 19.56],
  ])('of %s and %s is %f', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hexColor, hexColor, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBe(contrastRatio(b, a));
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21);
      }),
    );
  });
});

describe('readableOn', () => {
  it.each([
    ['#000000', '#FFFFFF'],
    ['#FFFFFF', '#000000'],
    ['#007E97', '#FFFFFF'],
    ['#C2410C', '#FFFFFF'],
    ['#6BF15C', '#000000'],
    ['#FFFF00', '#000000'],
    ['#767676', '#000000'],
    ['#757575', '#FFFFFF'],
  ] as const)('puts %s under %s text', (background, text) => {
    expect(readableOn(background)).toBe(text);
  });

  it('always reaches 4.5:1, the better of black and white', () => {
    fc.assert(
      fc.property(hexColor, (background) => {
        const chosen = readableOn(background);
        const other = chosen === '#000000' ? '#FFFFFF' : '#000000';
        expect(contrastRatio(chosen, background)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(chosen, background)).toBeGreaterThanOrEqual(contrastRatio(other, background));
      }),
    );
  });
});

describe('mixColors', () => {
  it('lays a colour over a base as CSS alpha blending does', () => {
    // What the browser draws for bg-brand/10 on white with the default primary colour.
    expect(mixColors('#007E97', '#FFFFFF', 0.1)).toBe('#E6F2F5');
    expect(mixColors('#C2410C', '#FFFFFF', 0.1)).toBe('#F9ECE7');
    expect(mixColors('#123456', '#FFFFFF', 1)).toBe('#123456');
    expect(mixColors('#123456', '#FFFFFF', 0)).toBe('#FFFFFF');
  });
});

describe('accessibleVariant', () => {
  it('keeps a colour that already reaches the ratio, upper-cased', () => {
    expect(accessibleVariant('#c2410c')).toBe('#C2410C');
    expect(accessibleVariant('#1E3A8A')).toBe('#1E3A8A');
    expect(accessibleVariant('#FFFFFF', '#000000')).toBe('#FFFFFF');
  });

  it('darkens a light colour just enough on white', () => {
    expect(accessibleVariant('#777777')).toBe('#767676');
    const green = accessibleVariant('#6BF15C');
    expect(contrastRatio(green, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(green, '#FFFFFF')).toBeLessThan(4.7);
    expect(relativeLuminance(green)).toBeLessThan(relativeLuminance('#6BF15C'));
  });

  it('lightens a dark colour on a dark background', () => {
    const variant = accessibleVariant('#1E3A8A', '#0F172A');
    expect(contrastRatio(variant, '#0F172A')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(variant)).toBeGreaterThan(relativeLuminance('#1E3A8A'));
  });

  it('honours another minimum, e.g. 3:1 for icons and controls', () => {
    const variant = accessibleVariant('#6BF15C', '#FFFFFF', 3);
    expect(contrastRatio(variant, '#FFFFFF')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(variant, '#FFFFFF')).toBeLessThan(3.2);
  });

  it('answers the extreme when no lightness can reach the ratio', () => {
    expect(accessibleVariant('#888888', '#777777', 7)).toBe('#000000');
  });

  it('always reaches the ratio (up to 4.5:1) on any background, as a 6-digit colour', () => {
    fc.assert(
      fc.property(hexColor, hexColor, fc.double({ min: 1, max: 4.5, noNaN: true }), (color, against, min) => {
        const variant = accessibleVariant(color, against, min);
        expect(variant).toMatch(HEX);
        expect(contrastRatio(variant, against)).toBeGreaterThanOrEqual(min);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the hue of a coloured colour', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const before = hueAndSaturation(color);
        const variant = accessibleVariant(color);
        // Near-grey colours have no meaningful hue, and black is every hue.
        fc.pre(before.s > 0.3 && variant !== '#000000' && relativeLuminance(variant) > 0.01);
        const after = hueAndSaturation(variant);
        const diff = Math.abs(after.h - before.h) % 360;
        expect(Math.min(diff, 360 - diff)).toBeLessThan(6);
      }),
      { numRuns: 300 },
    );
  });
});

describe('getBrandTextColor', () => {
  it('reaches 4.5:1 on white, the page, panels and the brand tint for any brand colour', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const text = getBrandTextColor(color);
        for (const surface of ['#FFFFFF', '#F8FAFC', '#F1F5F9', mixColors(color, '#FFFFFF', 0.1)]) {
          expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
        }
      }),
    );
  });

  it('keeps a dark brand colour as it is', () => {
    expect(getBrandTextColor('#1E3A8A')).toBe('#1E3A8A');
  });

  it("slightly darkens the demo clients' colours, whose tints fall short", () => {
    for (const brand of ['#007E97', '#C2410C']) {
      const text = getBrandTextColor(brand);
      expect(text).not.toBe(brand);
      expect(contrastRatio(text, mixColors(brand, '#FFFFFF', 0.1))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, brand)).toBeLessThan(1.3);
    }
  });
});

describe('getColorAccessibility', () => {
  it('flags a light colour as text on white and names the variant used instead', () => {
    expect(getColorAccessibility('#6BF15C')).toEqual({
      onWhite: 1.46,
      isTextOnWhiteOk: false,
      textColor: getBrandTextColor('#6BF15C'),
      foreground: '#000000',
      foregroundRatio: 14.36,
      isForegroundOk: true,
    });
  });

  it('cuts ratios to 2 decimals, so one below 4.5:1 never shows as 4.5', () => {
    // #777777 on white is 4.478:1.
    expect(getColorAccessibility('#777777')).toMatchObject({ onWhite: 4.47, isTextOnWhiteOk: false });
  });

  it('passes a dark colour', () => {
    const result = getColorAccessibility('#1E3A8A');
    expect(result.isTextOnWhiteOk).toBe(true);
    expect(result.isForegroundOk).toBe(true);
    expect(result.foreground).toBe('#FFFFFF');
    expect(result.onWhite).toBe(10.35);
  });
});

describe('getThemeVariables', () => {
  it('gives the exact brand colours, their foregrounds and their text variants', () => {
    expect(getThemeVariables('#C2410C', '#6BF15C')).toEqual({
      '--color-primary': '#C2410C',
      '--color-secondary': '#6BF15C',
      '--color-primary-contrast': '#FFFFFF',
      '--color-secondary-contrast': '#000000',
      '--color-primary-text': getBrandTextColor('#C2410C'),
      '--color-secondary-text': getBrandTextColor('#6BF15C'),
    });
  });
});
