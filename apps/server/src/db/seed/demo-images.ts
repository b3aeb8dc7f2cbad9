import type { Storage } from '../../lib/storage.ts';
import { encodeImage, putImage } from '../../modules/uploads/image-variants.ts';

/** Generated artwork for the demo library (no network, no binary files in the repository). */
export interface DemoImage {
  name: string;
  width: number;
  height: number;
  svg: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Soft discs in the accent colours, placed by the seed; the big ones bleed off the edges. */
const circles = (w: number, h: number, colors: string[], seed: number) =>
  colors
    .map((c, i) => {
      const x = ((seed * 37 + i * 211) % 100) / 100;
      const y = ((seed * 53 + i * 97) % 100) / 100;
      const r = (0.18 + ((i * 29 + seed) % 20) / 100) * Math.min(w, h);
      return `<circle cx="${Math.round(x * w)}" cy="${Math.round(y * h)}" r="${Math.round(r)}" fill="${c}" opacity="0.55"/>`;
    })
    .join('');

/** A wave band running the full width and down to the bottom edge, so the art has no empty border. */
function wave(
  w: number,
  h: number,
  top: number,
  amplitude: number,
  phase: number,
  fill: string,
  opacity: number,
) {
  const y = (f: number) => round(h * (top + amplitude * Math.sin((f + phase) * Math.PI * 2)));
  const points = [0, 0.25, 0.5, 0.75, 1];
  const curve = points
    .slice(1)
    .map((f, i) => {
      const prev = points[i]!;
      const mid = (prev + f) / 2;
      return `Q${round(mid * w)} ${y(mid) + (i % 2 ? 1 : -1) * round(h * amplitude)} ${round(f * w)} ${y(f)}`;
    })
    .join(' ');
  return `<path d="M0 ${y(0)} ${curve} L${w} ${h} L0 ${h} Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** A four-pointed spark centred on (cx, cy). */
function spark(cx: number, cy: number, r: number, opacity: number) {
  const k = r * 0.22;
  return `<path d="M${round(cx)} ${round(cy - r)} Q${round(cx + k)} ${round(cy - k)} ${round(cx + r)} ${round(cy)} Q${round(cx + k)} ${round(cy + k)} ${round(cx)} ${round(cy + r)} Q${round(cx - k)} ${round(cy + k)} ${round(cx - r)} ${round(cy)} Q${round(cx - k)} ${round(cy - k)} ${round(cx)} ${round(cy - r)} Z" fill="#ffffff" opacity="${opacity}"/>`;
}

/**
 * A brand banner: a gradient filling the whole frame, soft discs, two wave bands reaching every edge and a spark
 * near the centre. Nothing looks like a text line (white bars read as a loading skeleton), and what matters sits in
 * the middle, so the art still reads when a card crops it to a wide strip (16:7, 21:9, 4:1) or a square.
 */
export function bannerSvg(
  w: number,
  h: number,
  from: string,
  to: string,
  accents: string[],
  seed: number,
): string {
  // The mark's scale: a square or tall picture shown as a wide strip keeps only about half its width in height.
  const m = Math.min(w, h, w * 0.55);
  const first = accents[0] ?? to;
  const second = accents[1] ?? from;
  const sx = w * (0.42 + (seed % 5) * 0.04);
  const sy = h * 0.46;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${circles(w, h, accents, seed)}
${wave(w, h, 0.6, 0.06, (seed % 7) / 7, first, 0.45)}
${wave(w, h, 0.74, 0.05, (seed % 3) / 3 + 0.4, second, 0.6)}
<circle cx="${round(sx)}" cy="${round(sy)}" r="${round(m * 0.2)}" fill="none" stroke="#ffffff" stroke-width="${round(m * 0.012)}" opacity="0.35"/>
${spark(sx, sy, m * 0.13, 0.92)}${spark(sx + m * 0.26, sy - m * 0.16, m * 0.045, 0.7)}${spark(sx - m * 0.24, sy + m * 0.12, m * 0.03, 0.6)}</svg>`;
}

/**
 * Renders an SVG to WebP at the default quality and stores it at `key` with its width copies, as an upload's
 * image is stored; answers the stored image's size in bytes.
 */
export async function storeWebp(storage: Storage, key: string, svg: string): Promise<number> {
  const image = await encodeImage(Buffer.from(svg));
  await putImage(storage, key, image);
  return image.body.length;
}
