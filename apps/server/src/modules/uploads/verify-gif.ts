import { type FileReader, MediaError } from './file-reader.ts';

/**
 * Checks that a GIF is complete: header, screen descriptor and colour table, then extension and image blocks whose
 * data sub-blocks all fit in the file, up to the trailer. Needed because the GIF decoder shows a cut-off GIF as far
 * as it goes instead of failing, as the other image decoders do. Throws a MediaError saying what is wrong.
 */
export async function verifyGif(reader: FileReader): Promise<void> {
  // Images are at most 10 MB, so the walk runs over the bytes in memory rather than one read per sub-block.
  const bytes = await reader.read(0, reader.size);
  if (bytes.length < 13 || !/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) {
    throw new MediaError('it does not start with a GIF header');
  }
  let position = 13 + colorTableSize(bytes[10]!);
  let frames = 0;
  for (;;) {
    const block = bytes[position];
    if (block === undefined) throw new MediaError('it ends before its trailer: it may be truncated');
    if (block === 0x3b) break;
    if (block === 0x21) {
      position = skipSubBlocks(bytes, position + 2);
    } else if (block === 0x2c) {
      if (position + 11 > bytes.length) throw new MediaError('it ends inside an image: it may be truncated');
      // 10 bytes of descriptor, the local colour table, then the LZW code size byte before the data.
      position = skipSubBlocks(bytes, position + 11 + colorTableSize(bytes[position + 9]!));
      frames++;
    } else {
      throw new MediaError(`it has junk at byte ${position} instead of a block`);
    }
  }
  if (frames === 0) throw new MediaError('it holds no image');
}

const colorTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Position after the data sub-blocks starting at `position` (each a length byte and data; a zero length ends them). */
function skipSubBlocks(bytes: Buffer, position: number): number {
  for (;;) {
    const length = bytes[position];
    if (length === undefined) throw new MediaError('it ends inside a block: it may be truncated');
    position += 1 + length;
    if (length === 0) return position;
  }
}
