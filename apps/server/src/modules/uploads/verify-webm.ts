import { type FileReader, MediaError } from './file-reader.ts';

/** An EBML element: `size` is null when the writer left it unknown (live recordings do, for Segment and Cluster). */
interface Element {
  id: number;
  start: number;
  dataStart: number;
  size: number | null;
}

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const CLUSTER = 0x1f43b675;
const VOID = 0xec;
/** Children of a Segment (Matroska level 1): SeekHead, Info, Tracks, Cluster, Cues, Chapters, Tags, Attachments. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74,
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b,
  0x1043a770,
  0x1254c367,
  0x1941a469,
  VOID,
  0xbf,
]);
/** Children of a Cluster: Timestamp, SilentTracks, Position, PrevSize, SimpleBlock, BlockGroup, EncryptedBlock. */
const CLUSTER_CHILDREN = new Set([0xe7, 0x5854, 0xa7, 0xab, 0xa3, 0xa0, 0xaf, VOID, 0xbf]);
const BLOCKS = new Set([0xa3, 0xa0, 0xaf]);
/** Elements one container may hold before the file is refused as pathological. */
const MAX_ELEMENTS = 1_000_000;

/**
 * Checks that a WebM file is what it claims: an EBML header of DocType "webm", then one Segment reaching exactly to
 * the end of the file, whose elements (and those of every Cluster) tile it with nothing unknown between them, with
 * Info, Tracks holding at least one track, and clusters holding blocks. Throws a MediaError saying what is wrong.
 * Only element headers are read, never the frames.
 */
export async function verifyWebm(reader: FileReader): Promise<void> {
  const header = await readElement(reader, 0, reader.size);
  if (header.id !== EBML || header.size === null)
    throw new MediaError('it does not start with an EBML header');
  const headerEnd = header.dataStart + header.size;
  if (headerEnd > reader.size) throw new MediaError('its EBML header runs past the end of the file');
  if ((await readDocType(reader, header.dataStart, headerEnd)) !== 'webm') {
    throw new MediaError('its EBML header does not say it is a WebM file');
  }
  const segment = await readElement(reader, headerEnd, reader.size);
  if (segment.id !== SEGMENT) throw new MediaError('no Segment follows its EBML header');
  if (segment.size !== null && segment.dataStart + segment.size !== reader.size) {
    throw new MediaError(
      segment.dataStart + segment.size > reader.size
        ? 'its Segment runs past the end of the file: it may be truncated'
        : 'it has data after the end of its Segment',
    );
  }
  await verifySegment(reader, segment.dataStart, reader.size);
}

async function verifySegment(reader: FileReader, start: number, end: number): Promise<void> {
  const seen = new Set<number>();
  let blocks = 0;
  let count = 0;
  for (let position = start; position < end; ) {
    if (++count > MAX_ELEMENTS) throw new MediaError('its Segment holds too many elements');
    const element = await readElement(reader, position, end);
    if (!SEGMENT_CHILDREN.has(element.id)) {
      throw new MediaError(`its Segment has junk at byte ${position} instead of an element`);
    }
    seen.add(element.id);
    if (element.id === CLUSTER) {
      const cluster = await walkCluster(reader, element, end);
      blocks += cluster.blocks;
      position = cluster.end;
      continue;
    }
    const elementEnd = knownEnd(element, end);
    if (element.id === TRACKS && !(await hasChild(reader, element.dataStart, elementEnd, TRACK_ENTRY))) {
      throw new MediaError('its Tracks element holds no track');
    }
    position = elementEnd;
  }
  if (!seen.has(INFO)) throw new MediaError('it has no Info element');
  if (!seen.has(TRACKS)) throw new MediaError('it has no Tracks element');
  if (blocks === 0) throw new MediaError('it has no frames (no Cluster with blocks)');
}

/** Walks a Cluster's children; one of unknown size ends where the next Segment child (or the file) begins. */
async function walkCluster(
  reader: FileReader,
  cluster: Element,
  segmentEnd: number,
): Promise<{ end: number; blocks: number }> {
  const end = cluster.size === null ? segmentEnd : knownEnd(cluster, segmentEnd);
  let blocks = 0;
  let count = 0;
  let position = cluster.dataStart;
  while (position < end) {
    if (++count > MAX_ELEMENTS) throw new MediaError('a Cluster holds too many elements');
    const child = await readElement(reader, position, end);
    if (cluster.size === null && SEGMENT_CHILDREN.has(child.id) && child.id !== VOID) break;
    if (!CLUSTER_CHILDREN.has(child.id)) {
      throw new MediaError(`the Cluster at byte ${cluster.start} has junk at byte ${position}`);
    }
    if (BLOCKS.has(child.id)) blocks++;
    position = knownEnd(child, end);
  }
  return { end: position, blocks };
}

async function hasChild(reader: FileReader, start: number, end: number, id: number): Promise<boolean> {
  for (let position = start, count = 0; position < end; count++) {
    if (count > MAX_ELEMENTS) throw new MediaError('an element holds too many children');
    const child = await readElement(reader, position, end);
    if (child.id === id) return true;
    position = knownEnd(child, end);
  }
  return false;
}

async function readDocType(reader: FileReader, start: number, end: number): Promise<string | undefined> {
  for (let position = start, count = 0; position < end; count++) {
    if (count > MAX_ELEMENTS) throw new MediaError('its EBML header holds too many elements');
    const child = await readElement(reader, position, end);
    const childEnd = knownEnd(child, end);
    if (child.id === DOC_TYPE) {
      return (await reader.read(child.dataStart, childEnd - child.dataStart))
        .toString('latin1')
        .replace(/\0+$/, '');
    }
    position = childEnd;
  }
  return undefined;
}

function knownEnd(element: Element, limit: number): number {
  if (element.size === null) {
    throw new MediaError(`the element at byte ${element.start} has an unknown size where one is required`);
  }
  const end = element.dataStart + element.size;
  if (end > limit) {
    throw new MediaError(`the element at byte ${element.start} runs past its container: it may be truncated`);
  }
  return end;
}

/** Reads an element's ID (1–4 bytes, marker kept) and size (1–8 bytes, marker dropped; all ones = unknown). */
async function readElement(reader: FileReader, start: number, limit: number): Promise<Element> {
  const head = await reader.read(start, Math.min(12, limit - start));
  const idLength = vintLength(head[0]);
  if (idLength === 0 || idLength > 4 || head.length < idLength + 1) {
    throw new MediaError(`it has junk or a cut-off element at byte ${start}`);
  }
  const id = head.readUIntBE(0, idLength);
  const sizeLength = vintLength(head[idLength]);
  if (sizeLength === 0 || head.length < idLength + sizeLength) {
    throw new MediaError(`the element at byte ${start} has a bad or cut-off size`);
  }
  let size = head[idLength]! & (0xff >> sizeLength);
  let isAllOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = head[idLength + i]!;
    size = size * 256 + byte;
    isAllOnes &&= byte === 0xff;
  }
  return { id, start, dataStart: start + idLength + sizeLength, size: isAllOnes ? null : size };
}

/** Length of a variable-length integer from its first byte (its leading zero bits + 1); 0 when invalid. */
function vintLength(first: number | undefined): number {
  if (!first) return 0;
  return Math.clz32(first) - 23;
}
