import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

const UPLOAD = '/api/files/0193a5b2-7c1d-7e4f-8a9b-0c1d2e3f4a5b.webp';
const copy = (width: number) => UPLOAD.replace('.webp', `-${width}w.webp`);

describe('ResponsiveImage', () => {
  it('offers an uploaded image’s width copies, with the sizes it is shown at, and keeps its space', () => {
    render(
      <ResponsiveImage
        src={UPLOAD}
        alt="Launch day"
        sizes="(min-width: 640px) 50vw, 100vw"
        width={16}
        height={7}
      />,
    );
    const img = screen.getByRole('img', { name: 'Launch day' });
    expect(img.getAttribute('src')).toBe(UPLOAD);
    expect(img.getAttribute('srcset')).toBe(
      [160, 320, 640, 960, 1280].map((w) => `${copy(w)} ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe('(min-width: 640px) 50vw, 100vw');
    expect(img.getAttribute('width')).toBe('16');
    expect(img.getAttribute('height')).toBe('7');
  });

  it('is lazy and decoded asynchronously by default, at no special priority', () => {
    render(<ResponsiveImage src={UPLOAD} alt="Avatar" sizes="40px" width={40} height={40} />);
    const img = screen.getByRole('img', { name: 'Avatar' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('loads the page’s first picture at once and at high priority', () => {
    render(<ResponsiveImage src={UPLOAD} alt="Cover" sizes="100vw" width={16} height={7} isPriority />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('loads an always-visible picture eagerly without raising its priority', () => {
    render(
      <ResponsiveImage
        src="/brand/demo-logo.svg"
        alt="Demo"
        sizes="40px"
        width={40}
        height={40}
        loading="eager"
      />,
    );
    const img = screen.getByRole('img', { name: 'Demo' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('shows other pictures as they are: no srcset or sizes for external, SVG or preview URLs', () => {
    const urls = ['https://cdn.example.com/photo.jpg', '/brand/demo-logo.svg', 'blob:http://localhost/4f2c'];
    for (const [n, url] of urls.entries()) {
      render(<ResponsiveImage src={url} alt={`Picture ${n}`} sizes="100vw" width={4} height={3} />);
      const img = screen.getByRole('img', { name: `Picture ${n}` });
      expect(img.getAttribute('src')).toBe(url);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect(img.hasAttribute('sizes')).toBe(false);
      expect(img.getAttribute('width')).toBe('4');
    }
  });

  it('passes on what the caller adds: classes and the error handler', () => {
    let failed = 0;
    render(
      <ResponsiveImage
        src={UPLOAD}
        alt="Team"
        sizes="48px"
        width={48}
        height={48}
        className="size-12 object-cover"
        onError={() => failed++}
      />,
    );
    const img = screen.getByRole('img', { name: 'Team' });
    expect(img.className).toBe('size-12 object-cover');
    img.dispatchEvent(new Event('error'));
    expect(failed).toBe(1);
  });
});
