import { inflateSync } from 'node:zlib';
import { type FileReader, MediaError } from './file-reader.ts';

/** One cross-reference section: the objects it places, and the sections it links to. */
interface XrefSection {
  /** Object number and byte offset of each object it says is in use (not inside an object stream). */
  objects: { num: number; offset: number }[];
  dictionary: string;
}

/** Sections (incremental updates) followed before the file is refused as pathological. */
const MAX_SECTIONS = 1_000;
/** Objects one file may declare; 20 MB of PDF cannot place more. */
const MAX_OBJECTS = 2_000_000;
/** Largest cross-reference stream read (compressed) and inflated. */
const MAX_XREF_STREAM_BYTES = 8 * 1024 * 1024;

/**
 * Checks that a PDF is whole and is what it claims, the way a reader finds its way in: the header, `startxref` and
 * `%%EOF` at the end (so a truncated or padded file fails), then every cross-reference section (classic tables
 * and compressed xref streams, following /Prev and /XRefStm through incremental updates), the newest one naming a
 * /Root, and every object a section places really starting at its offset. Throws a MediaError saying what is wrong.
 * Content streams are not interpreted: the file is stored and served as it is, never rendered here.
 */
export async function verifyPdf(reader: FileReader): Promise<void> {
  if (!/^%PDF-[12]\.\d/.test((await reader.read(0, 8)).toString('latin1'))) {
    throw new MediaError('it does not start with a PDF header');
  }
  const tailStart = Math.max(0, reader.size - 1024);
  const tail = (await reader.read(tailStart, reader.size - tailStart)).toString('latin1');
  const last = /startxref\s+(\d+)\s+%%EOF[\s\0]*$/.exec(tail);
  if (!last) throw new MediaError('it does not end with startxref and %%EOF: it may be truncated');
  const pending = [Number(last[1])];
  const seen = new Set<number>();
  let objects = 0;
  let hasRoot = false;
  while (pending.length > 0) {
    const offset = pending.shift()!;
    if (seen.has(offset)) continue;
    if (seen.size >= MAX_SECTIONS) throw new MediaError('it has too many cross-reference sections');
    seen.add(offset);
    const section = await readXrefSection(reader, offset);
    hasRoot ||= /\/Root\s+\d+\s+\d+\s+R/.test(section.dictionary);
    objects += section.objects.length;
    if (objects > MAX_OBJECTS) throw new MediaError('it declares too many objects');
    for (const { num, offset: at } of section.objects) await expectObjectAt(reader, num, at);
    for (const key of ['XRefStm', 'Prev']) {
      const link = new RegExp(`/${key}\\s+(\\d+)`).exec(section.dictionary);
      if (link) pending.push(Number(link[1]));
    }
  }
  if (!hasRoot) throw new MediaError('its trailer names no document catalog (/Root)');
}

async function readXrefSection(reader: FileReader, offset: number): Promise<XrefSection> {
  if (offset >= reader.size)
    throw new MediaError(`a cross-reference offset (${offset}) is past the end of the file`);
  const start = (await reader.read(offset, 64)).toString('latin1');
  if (/^xref\s/.test(start)) return readXrefTable(reader, offset);
  if (/^\d+\s+\d+\s+obj\b/.test(start)) return readXrefStream(reader, offset);
  throw new MediaError(`there is no cross-reference section at byte ${offset}`);
}

/** A classic table: `xref`, then subsections of `first count` and 20-byte entries, then `trailer <<…>>`. */
async function readXrefTable(reader: FileReader, offset: number): Promise<XrefSection> {
  const objects: XrefSection['objects'] = [];
  let position = offset + 4;
  for (;;) {
    const line = (await reader.read(position, 64)).toString('latin1');
    const trailer = /^\s*trailer\s*/.exec(line);
    if (trailer) {
      const dictionary = await readDictionary(reader, position + trailer[0].length);
      return { objects, dictionary };
    }
    const subsection = /^\s*(\d+)\s+(\d+)[ \t]*(?:\r\n|\r|\n)/.exec(line);
    if (!subsection) throw new MediaError(`its cross-reference table at byte ${offset} is damaged`);
    position += subsection[0].length;
    const first = Number(subsection[1]);
    const count = Number(subsection[2]);
    if (objects.length + count > MAX_OBJECTS) throw new MediaError('it declares too many objects');
    for (let i = 0; i < count; i++) {
      const entry = /^(\d{10}) (\d{5}) ([nf])[ ]?(?:\r\n|\r|\n)/.exec(
        (await reader.read(position, 21)).toString('latin1'),
      );
      if (!entry) throw new MediaError(`its cross-reference table at byte ${offset} is damaged or truncated`);
      position += entry[0].length;
      if (entry[3] === 'n') objects.push({ num: first + i, offset: Number(entry[1]) });
    }
  }
}

/** A cross-reference stream (PDF 1.5+): an object whose dictionary has /Type /XRef and whose data lists entries. */
async function readXrefStream(reader: FileReader, offset: number): Promise<XrefSection> {
  const head = (await reader.read(offset, 64)).toString('latin1');
  const opening = /^\d+\s+\d+\s+obj\s*/.exec(head)!;
  const dictionaryStart = offset + opening[0].length;
  const dictionary = await readDictionary(reader, dictionaryStart);
  if (!/\/Type\s*\/XRef\b/.test(dictionary))
    throw new MediaError(`the object at byte ${offset} is no xref stream`);
  const dataStart = await streamDataStart(reader, dictionaryStart + dictionary.length);
  const data = decodeXrefData(
    await readStreamData(reader, dataStart, dictionary, offset),
    dictionary,
    offset,
  );
  const widths = numbers(/\/W\s*\[([^\]]*)\]/.exec(dictionary)?.[1]);
  const size = Number(/\/Size\s+(\d+)/.exec(dictionary)?.[1] ?? Number.NaN);
  const index = numbers(/\/Index\s*\[([^\]]*)\]/.exec(dictionary)?.[1] ?? `0 ${size}`);
  const rowLength = widths.reduce((sum, width) => sum + width, 0);
  if (widths.length !== 3 || widths.some((w) => w > 8) || rowLength === 0 || index.length % 2 !== 0) {
    throw new MediaError(`the xref stream at byte ${offset} has a bad /W or /Index`);
  }
  const objects: XrefSection['objects'] = [];
  let row = 0;
  for (let i = 0; i < index.length; i += 2) {
    for (let j = 0; j < index[i + 1]!; j++, row++) {
      if ((row + 1) * rowLength > data.length)
        throw new MediaError(`the xref stream at byte ${offset} is short`);
      const at = row * rowLength;
      const type = widths[0] === 0 ? 1 : data.readUIntBE(at, widths[0]!);
      if (type === 1)
        objects.push({ num: index[i]! + j, offset: readField(data, at + widths[0]!, widths[1]!) });
    }
  }
  return { objects, dictionary };
}

/** The stream's bytes: /Length of them when it is a number, else up to `endstream` (it may be an indirect object). */
async function readStreamData(
  reader: FileReader,
  start: number,
  dictionary: string,
  offset: number,
): Promise<Buffer> {
  const direct = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
  if (direct === undefined) {
    const rest = await reader.read(start, Math.min(MAX_XREF_STREAM_BYTES, reader.size - start));
    let end = rest.indexOf('endstream', 0, 'latin1');
    if (end < 0) throw new MediaError(`the xref stream at byte ${offset} has no end`);
    // The line break before `endstream` is not data.
    if (rest[end - 1] === 0x0a) end--;
    if (rest[end - 1] === 0x0d) end--;
    return rest.subarray(0, end);
  }
  const length = Number(direct);
  if (length > MAX_XREF_STREAM_BYTES || start + length > reader.size) {
    throw new MediaError(`the xref stream at byte ${offset} has a bad /Length`);
  }
  const after = (await reader.read(start + length, 32)).toString('latin1');
  if (!/^\s*endstream/.test(after)) throw new MediaError(`the xref stream at byte ${offset} is damaged`);
  return reader.read(start, length);
}

function decodeXrefData(raw: Buffer, dictionary: string, offset: number): Buffer {
  const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
  if (filter === undefined) return raw;
  if (filter !== 'FlateDecode')
    throw new MediaError(`the xref stream at byte ${offset} uses an unknown filter`);
  let data: Buffer;
  try {
    data = inflateSync(raw, { maxOutputLength: MAX_XREF_STREAM_BYTES * 4 });
  } catch {
    throw new MediaError(`the xref stream at byte ${offset} does not decompress: it is damaged`);
  }
  const predictor = Number(/\/Predictor\s+(\d+)/.exec(dictionary)?.[1] ?? 1);
  if (predictor === 1) return data;
  if (predictor < 10) throw new MediaError(`the xref stream at byte ${offset} uses an unknown predictor`);
  return undoPngPredictor(data, Number(/\/Columns\s+(\d+)/.exec(dictionary)?.[1] ?? 1), offset);
}

/** Reverses PNG row filters (one filter byte per row, bytes of one sample each, as xref streams use them). */
function undoPngPredictor(data: Buffer, columns: number, offset: number): Buffer {
  const rows = Math.floor(data.length / (columns + 1));
  const out = Buffer.alloc(rows * columns);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (columns + 1)]!;
    for (let c = 0; c < columns; c++) {
      const x = data[r * (columns + 1) + 1 + c]!;
      const left = c > 0 ? out[r * columns + c - 1]! : 0;
      const up = r > 0 ? out[(r - 1) * columns + c]! : 0;
      const upLeft = r > 0 && c > 0 ? out[(r - 1) * columns + c - 1]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predicted === undefined) throw new MediaError(`the xref stream at byte ${offset} is damaged`);
      out[r * columns + c] = (x + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function readField(data: Buffer, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + data[at + i]!;
  return value;
}

const numbers = (text = '') => text.trim().split(/\s+/).filter(Boolean).map(Number);

/** The object `num` must start at `offset` (writers that point at the line break before it are let through). */
async function expectObjectAt(reader: FileReader, num: number, offset: number): Promise<void> {
  const text = (await reader.read(offset, 32)).toString('latin1');
  const found = /^\s{0,2}(\d+)\s+\d+\s+obj\b/.exec(text);
  if (Number(found?.[1]) !== num) {
    throw new MediaError(`object ${num} is not where its cross-reference says (byte ${offset})`);
  }
}

/** The data of a stream starts after `stream` and its line break. */
async function streamDataStart(reader: FileReader, afterDictionary: number): Promise<number> {
  const match = /^\s*stream(?:\r\n|\n)/.exec((await reader.read(afterDictionary, 32)).toString('latin1'));
  if (!match)
    throw new MediaError(`there is no stream after the dictionary ending at byte ${afterDictionary}`);
  return afterDictionary + match[0].length;
}

/** The `<<…>>` dictionary starting at `start` (after optional white space), nested dictionaries and strings included. */
async function readDictionary(reader: FileReader, start: number): Promise<string> {
  const text = (await reader.read(start, 64 * 1024)).toString('latin1');
  const open = /^\s*/.exec(text)![0].length;
  if (!text.startsWith('<<', open)) throw new MediaError(`there is no dictionary at byte ${start}`);
  let depth = 0;
  for (let i = open; i < text.length; ) {
    if (text.startsWith('<<', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('>>', i)) {
      depth--;
      i += 2;
      if (depth === 0) return text.slice(0, i);
    } else if (text[i] === '(') {
      i = skipString(text, i);
    } else {
      i++;
    }
  }
  throw new MediaError(`the dictionary at byte ${start} is damaged or too long`);
}

/** Index after the literal string opening at `i`: parentheses nest, and a backslash escapes the next character. */
function skipString(text: string, i: number): number {
  let depth = 0;
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return i;
}
