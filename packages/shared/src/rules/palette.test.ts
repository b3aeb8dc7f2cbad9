import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOR, PALETTE_SIZE } from '../constants/theme.ts';
import { getColorForKey, getContrastText, getPalette } from './palette.ts';

const HEX = /^#[0-9A-F]{6}$/;

function hueDistance(a: string, b: string): number {
  const hue = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
      number,
      number,
      number,
    ];
    const max = Math.max(r, g, b);
    const d = max - Math.min(r, g, b);
    if (d === 0) return 0;
    if (max === r) return (((g - b) / d + 6) % 6) * 60;
    if (max === g) return ((b - r) / d + 2) * 60;
    return ((r - g) / d + 4) * 60;
  };
  const diff = Math.abs(hue(a) - hue(b)) % 360;
  return Math.min(diff, 360 - diff);
}

describe('getPalette', () => {
  const primaries = [
    DEFAULT_PRIMARY_COLOR,
    '#6BF15C',
    '#000000',
    '#FFFFFF',
    '#808080',
    '#FF0000',
    '#123456',
    '#fedcba',
    '#0000ff',
  ];

  it.each(primaries)('gives %s 30 unique valid upper-case hex colours', (primary) => {
    const palette = getPalette(primary);
    expect(palette).toHaveLength(PALETTE_SIZE);
    expect(new Set(palette).size).toBe(PALETTE_SIZE);
    for (const color of palette) expect(color).toMatch(HEX);
  });

  it('starts with the primary colour, normalised', () => {
    expect(getPalette('#007e97')[0]).toBe('#007E97');
    expect(getPalette('007e97')[0]).toBe('#007E97');
    expect(getPalette('#abc')[0]).toBe('#AABBCC');
    expect(getPalette(' #6bf15c ')[0]).toBe('#6BF15C');
  });

  it('falls back to the default primary colour for invalid input', () => {
    const fallback = getPalette(DEFAULT_PRIMARY_COLOR);
    expect(getPalette('')).toEqual(fallback);
    expect(getPalette('red')).toEqual(fallback);
    expect(getPalette('#12345')).toEqual(fallback);
    expect(getPalette('#GGGGGG')).toEqual(fallback);
  });

  it('is deterministic', () => {
    expect(getPalette('#123456')).toEqual(getPalette('#123456'));
  });

  it('keeps neighbouring colours apart in hue', () => {
    const palette = getPalette('#FF0000');
    for (let i = 2; i < palette.length; i++) {
      expect(hueDistance(palette[i - 1] ?? '', palette[i] ?? '')).toBeGreaterThan(20);
    }
  });

  it('stays unique for many random primaries', () => {
    for (let n = 0; n < 500; n++) {
      const primary = `#${((n * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`;
      expect(new Set(getPalette(primary)).size).toBe(PALETTE_SIZE);
    }
  });
});

describe('getColorForKey', () => {
  it('picks a stable colour from the palette', () => {
    const palette = getPalette('#007E97');
    const color = getColorForKey('#007E97', 'user-42');
    expect(palette).toContain(color);
    expect(getColorForKey('#007E97', 'user-42')).toBe(color);
  });

  it('spreads keys over the palette', () => {
    const colors = new Set(Array.from({ length: 200 }, (_, i) => getColorForKey('#007E97', `user-${i}`)));
    expect(colors.size).toBeGreaterThan(20);
  });

  it('handles an empty key', () => {
    expect(getPalette('#007E97')).toContain(getColorForKey('#007E97', ''));
  });
});

describe('getContrastText', () => {
  it.each([
    ['#000000', '#FFFFFF'],
    ['#FFFFFF', '#000000'],
    ['#007E97', '#FFFFFF'],
    ['#6BF15C', '#000000'],
    ['#FFFF00', '#000000'],
    ['#0000FF', '#FFFFFF'],
    ['#767676', '#000000'],
    ['#757575', '#FFFFFF'],
    ['#fff', '#000000'],
  ] as const)('puts %s under %s text', (background, text) => {
    expect(getContrastText(background)).toBe(text);
  });

  it('reads invalid input as the default primary colour', () => {
    expect(getContrastText('nope')).toBe(getContrastText(DEFAULT_PRIMARY_COLOR));
  });
});
