import { open } from 'node:fs/promises';

/** Random access to a file's bytes without loading it: the structure checks read headers, never whole media. */
export interface FileReader {
  size: number;
  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  read(position: number, length: number): Promise<Buffer>;
}

/** Bytes read per system call; headers mostly follow each other, so one window serves many reads. */
const WINDOW = 64 * 1024;

/**
 * Opens the file at `path` for `use`, closing it afterwards whatever happens. Reads of at most 64 KB go through a
 * one-window cache; longer ones go to the file directly.
 */
export async function withFileReader<T>(path: string, use: (reader: FileReader) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let windowStart = 0;
    let window = Buffer.alloc(0);
    const readAt = async (position: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    };
    return await use({
      size,
      async read(position, length) {
        if (length > WINDOW) return readAt(position, length);
        const end = Math.min(position + length, size);
        if (position < windowStart || end > windowStart + window.length) {
          windowStart = position;
          window = await readAt(position, WINDOW);
        }
        return window.subarray(position - windowStart, end - windowStart);
      },
    });
  } finally {
    await handle.close();
  }
}

/** A damaged or disguised file, with what is wrong (shown to the user). */
export class MediaError extends Error {}
