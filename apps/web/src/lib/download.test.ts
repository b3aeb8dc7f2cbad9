import { describe, expect, it } from 'vitest';
import { getDownloadName } from './download';

describe('getDownloadName', () => {
  it('adds the extension of the URL', () => {
    expect(getDownloadName('/api/files/0190.webp', 'Summer banner')).toBe('Summer banner.webp');
    expect(getDownloadName('https://cdn.example/a/clip.mp4?sig=x', 'Clip')).toBe('Clip.mp4');
  });

  it('keeps a name that has it, and names nameless files', () => {
    expect(getDownloadName('/api/files/a.png', 'logo.PNG')).toBe('logo.PNG');
    expect(getDownloadName('/api/files/a', '  ')).toBe('download');
  });
});
