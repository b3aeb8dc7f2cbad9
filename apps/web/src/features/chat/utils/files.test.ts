import { describe, expect, it } from 'vitest';
import { fileSize, isPdf } from './files';

describe('chat files', () => {
  it('formats a size in the reader’s language, and nothing when it is not known', () => {
    expect(fileSize(820, 'en')).toBe('1 kB');
    expect(fileSize(120 * 1024, 'en')).toBe('120 kB');
    expect(fileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(fileSize(1.5 * 1024 * 1024, 'es')).toBe('1,5 MB');
    expect(fileSize(0, 'en')).toBeNull();
    expect(fileSize(undefined, 'en')).toBeNull();
  });

  it('shows PDFs as documents', () => {
    expect(isPdf('application/pdf')).toBe(true);
    expect(isPdf('image/webp')).toBe(false);
  });
});
