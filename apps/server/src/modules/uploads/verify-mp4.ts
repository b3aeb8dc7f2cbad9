import { type FileReader, MediaError } from './file-reader.ts';

/** One ISO-BMFF box: `start` is its first byte, `dataStart` the first after its header, `end` the first after it. */
interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

/** Boxes one container may hold before the file is refused as pathological (a real video has a few thousand). */
const MAX_BOXES = 100_000;

/**
 * Checks that an MP4 or QuickTime file is the ISO base media file it claims to be: its boxes tile the file exactly
 * (no junk between, after or inside them), `ftyp` comes first, there is media data (`mdat`), and one `moov` holds a
 * movie header (`mvhd`) and tracks that each have a header (`tkhd`) and media (`mdia`). Throws a MediaError saying
 * what is wrong. Only headers are read, never the media data.
 */
export async function verifyMp4(reader: FileReader): Promise<void> {
  const top = await readBoxes(reader, 0, reader.size, 'the file');
  const ftyp = top[0];
  if (ftyp?.type !== 'ftyp') throw new MediaError('it does not start with an ftyp box');
  if (ftyp.end - ftyp.dataStart < 8) throw new MediaError('its ftyp box is too short');
  const mdat = top.filter((box) => box.type === 'mdat');
  if (mdat.every((box) => box.end === box.dataStart)) throw new MediaError('it has no media data (mdat box)');
  const moov = top.filter((box) => box.type === 'moov');
  if (moov.length !== 1)
    throw new MediaError(`it has ${moov.length} moov boxes (the movie header) instead of one`);
  const inMoov = await readBoxes(reader, moov[0]!.dataStart, moov[0]!.end, 'the moov box');
  if (!inMoov.some((box) => box.type === 'mvhd')) throw new MediaError('its moov box has no mvhd box');
  const tracks = inMoov.filter((box) => box.type === 'trak');
  if (tracks.length === 0) throw new MediaError('it has no tracks (trak boxes)');
  for (const track of tracks) {
    const inTrack = await readBoxes(
      reader,
      track.dataStart,
      track.end,
      `the trak box at byte ${track.start}`,
    );
    for (const needed of ['tkhd', 'mdia']) {
      if (!inTrack.some((box) => box.type === needed)) {
        throw new MediaError(`the trak box at byte ${track.start} has no ${needed} box`);
      }
    }
  }
}

/** The boxes from `start` to `end`, which they must fill exactly. */
async function readBoxes(reader: FileReader, start: number, end: number, where: string): Promise<Box[]> {
  const boxes: Box[] = [];
  for (let position = start; position < end; position = boxes.at(-1)!.end) {
    if (boxes.length >= MAX_BOXES) throw new MediaError(`${where} holds more than ${MAX_BOXES} boxes`);
    boxes.push(await readBox(reader, position, end, where));
  }
  return boxes;
}

async function readBox(reader: FileReader, start: number, limit: number, where: string): Promise<Box> {
  const head = await reader.read(start, Math.min(16, limit - start));
  if (head.length < 8) throw new MediaError(`${where} ends with a cut-off box header at byte ${start}`);
  const type = head.toString('latin1', 4, 8);
  // Box types are four printable characters; anything else is not a box, however its size field reads.
  if (!/^[\x20-\x7e]{4}$/.test(type))
    throw new MediaError(`${where} has junk at byte ${start} instead of a box`);
  let size = head.readUInt32BE(0);
  let dataStart = start + 8;
  if (size === 1) {
    if (head.length < 16) throw new MediaError(`the ${type} box at byte ${start} has a cut-off header`);
    const large = head.readBigUInt64BE(8);
    size = large > BigInt(limit - start) ? Number.MAX_SAFE_INTEGER : Number(large);
    dataStart += 8;
  } else if (size === 0) {
    // Size 0 means "up to the end of the enclosing container".
    size = limit - start;
  }
  if (type === 'uuid') dataStart += 16;
  if (start + size < dataStart)
    throw new MediaError(`the ${type} box at byte ${start} is smaller than its header`);
  if (start + size > limit) {
    throw new MediaError(
      `the ${type} box at byte ${start} runs past the end of ${where}: it may be truncated`,
    );
  }
  return { type, start, dataStart, end: start + size };
}
