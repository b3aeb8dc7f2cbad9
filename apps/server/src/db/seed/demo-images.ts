import sharp from 'sharp';

/** Generated artwork for the demo library (no network, no binary files in the repository). */
export interface DemoImage {
  name: string;
  width: number;
  height: number;
  svg: string;
}

const circles = (w: number, h: number, colors: string[], seed: number) =>
  colors
    .map((c, i) => {
      const x = ((seed * 37 + i * 211) % 100) / 100;
      const y = ((seed * 53 + i * 97) % 100) / 100;
      const r = (0.18 + ((i * 29 + seed) % 20) / 100) * Math.min(w, h);
      return `<circle cx="${Math.round(x * w)}" cy="${Math.round(y * h)}" r="${Math.round(r)}" fill="${c}" opacity="0.85"/>`;
    })
    .join('');

/** A brand banner: gradient background, soft circles and a bold mark. */
export function bannerSvg(
  w: number,
  h: number,
  from: string,
  to: string,
  accents: string[],
  seed: number,
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${circles(w, h, accents, seed)}
<rect x="${w * 0.08}" y="${h * 0.62}" width="${w * 0.5}" height="${h * 0.08}" rx="${h * 0.04}" fill="#ffffff" opacity="0.95"/>
<rect x="${w * 0.08}" y="${h * 0.74}" width="${w * 0.32}" height="${h * 0.05}" rx="${h * 0.025}" fill="#ffffff" opacity="0.7"/></svg>`;
}

/** Renders an SVG to WebP at the default quality. */
export const renderWebp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
