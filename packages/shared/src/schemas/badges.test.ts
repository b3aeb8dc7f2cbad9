import { describe, expect, it } from 'vitest';
import { badgeEmblemSvg, badgeEmblemUrl, badgeInitials } from './badges.ts';

describe('badge emblem', () => {
  it('takes up to two initials', () => {
    expect(badgeInitials('Super Sharer of the Year')).toBe('SS');
    expect(badgeInitials('streak')).toBe('ST');
    expect(badgeInitials('  ')).toBe('?');
  });

  it('draws the medal in the client colours, escaping the name and refusing colours that are not hex', () => {
    const svg = badgeEmblemSvg('<b> &', { primary: '#112233', secondary: '#6BF15C' });
    expect(svg).toContain('fill="#112233"');
    expect(svg).toContain('fill="#6BF15C"');
    expect(svg).toContain('&lt;&amp;');
    expect(svg).toContain('fill="#FFFFFF"');
    const odd = badgeEmblemSvg('X', { primary: '"/><script>', secondary: 'red' });
    expect(odd).not.toContain('script');
    expect(odd).toContain('fill="#007E97"');
    expect(badgeEmblemUrl('X', { primary: '#000000', secondary: '#ffffff' })).toMatch(
      /^data:image\/svg\+xml;charset=utf-8,%3Csvg/,
    );
  });
});
