import { deflateSync } from 'node:zlib';

// Tiny but well-formed media files for the upload tests, built by the containers' specifications (no encoder is
// installed here). Frame payloads are placeholder bytes: the server checks structure, not pictures.

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** An ISO-BMFF box; `large` writes the 64-bit size form cameras use for big `mdat`s. */
export function box(type: string, body: Buffer, opts: { large?: boolean } = {}): Buffer {
  if (!opts.large) return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(16 + body.length));
  return Buffer.concat([u32(1), Buffer.from(type, 'latin1'), size, body]);
}
const fullBox = (type: string, bodyLength: number) => box(type, Buffer.alloc(bodyLength));

/** An `ftyp` box of the brand (`isom` for MP4, `qt  ` for QuickTime). */
export const ftyp = (brand = 'isom') =>
  box('ftyp', Buffer.concat([Buffer.from(brand), u32(512), Buffer.from(`${brand}iso2avc1mp41`)]));

/** A `moov` with a movie header and one video track. */
export function moov(): Buffer {
  const stbl = box(
    'stbl',
    Buffer.concat(['stsd', 'stts', 'stsc', 'stsz', 'stco'].map((type) => fullBox(type, 8))),
  );
  const minf = box('minf', Buffer.concat([fullBox('vmhd', 12), box('dinf', fullBox('dref', 8)), stbl]));
  const mdia = box('mdia', Buffer.concat([fullBox('mdhd', 24), fullBox('hdlr', 25), minf]));
  return box(
    'moov',
    Buffer.concat([fullBox('mvhd', 100), box('trak', Buffer.concat([fullBox('tkhd', 84), mdia]))]),
  );
}

/** A small MP4 (or MOV with brand `qt  `): ftyp, moov, mdat, or ftyp, free, mdat (64-bit size), moov. */
export function tinyMp4(opts: { brand?: string; isMdatFirst?: boolean } = {}): Buffer {
  const mdat = box('mdat', Buffer.alloc(2048, 0x5a), { large: opts.isMdatFirst });
  const rest = opts.isMdatFirst ? [fullBox('free', 8), mdat, moov()] : [moov(), mdat];
  return Buffer.concat([ftyp(opts.brand), ...rest]);
}

/** An EBML element; `size: 'unknown'` writes the all-ones size live recorders use for Segment and Cluster. */
export function ebml(id: number, body: Buffer | string | number, size?: 'unknown'): Buffer {
  const idBytes = Buffer.from(id.toString(16), 'hex');
  const data =
    typeof body === 'number' ? Buffer.from([body]) : typeof body === 'string' ? Buffer.from(body) : body;
  const sizeBytes = Buffer.alloc(8);
  if (size === 'unknown') sizeBytes.fill(0xff, 1).writeUInt8(0x01);
  else sizeBytes.writeBigUInt64BE(BigInt(data.length) | (1n << 56n));
  return Buffer.concat([idBytes, sizeBytes, data]);
}

/** A small WebM: header, then a Segment with Info, one VP8 track and a cluster of three frames. */
export function tinyWebm(opts: { isLive?: boolean } = {}): Buffer {
  const size = opts.isLive ? 'unknown' : undefined;
  const header = ebml(
    0x1a45dfa3,
    Buffer.concat([ebml(0x4286, 1), ebml(0x42f7, 1), ebml(0x42f2, 4), ebml(0x42f3, 8), ebml(0x4282, 'webm')]),
  );
  const info = ebml(
    0x1549a966,
    Buffer.concat([ebml(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])), ebml(0x4d80, 'rally')]),
  );
  const video = ebml(0xe0, Buffer.concat([ebml(0xb0, 16), ebml(0xba, 16)]));
  const track = ebml(
    0xae,
    Buffer.concat([ebml(0xd7, 1), ebml(0x73c5, 1), ebml(0x83, 1), ebml(0x86, 'V_VP8'), video]),
  );
  const frames = [0, 33, 66].map((ms) =>
    ebml(0xa3, Buffer.concat([Buffer.from([0x81, 0, ms, 0x80]), Buffer.alloc(64, 9)])),
  );
  const cluster = ebml(0x1f43b675, Buffer.concat([ebml(0xe7, 0), ...frames]), size);
  return Buffer.concat([
    header,
    ebml(0x18538067, Buffer.concat([info, ebml(0x1654ae6b, track), cluster]), size),
  ]);
}

const PDF_OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  '<< /Length 33 >>\nstream\nBT /F1 12 Tf 20 100 Td (Hi) Tj ET\nendstream',
];

/**
 * A one-page PDF with a classic cross-reference table, or (`hasXrefStream`) with a compressed cross-reference
 * stream using the PNG "Up" predictor, as PDF 1.5 writers make them.
 */
export function tinyPdf(opts: { hasXrefStream?: boolean } = {}): Buffer {
  let text = '%PDF-1.5\n%\xe2\xe3\xcf\xd3\n';
  const offsets = PDF_OBJECTS.map((body, i) => {
    const offset = text.length;
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xrefAt = text.length;
  if (!opts.hasXrefStream) {
    const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
    text += `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}`;
    text += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    return Buffer.from(text, 'latin1');
  }
  const rows = [[0, 0, 255], ...[...offsets, xrefAt].map((o) => [1, o >> 8, o & 0xff])];
  const filtered = rows.flatMap((row, r) => [
    2,
    ...row.map((v, c) => (v - (r > 0 ? rows[r - 1]![c]! : 0)) & 0xff),
  ]);
  const data = deflateSync(Buffer.from(filtered));
  const n = offsets.length + 1;
  const dictionary = `<< /Type /XRef /Size ${n + 1} /W [1 2 0] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Columns 3 /Predictor 12 >> /Length ${data.length} >>`;
  return Buffer.concat([
    Buffer.from(`${text}${n} 0 obj\n${dictionary}\nstream\n`, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
}
