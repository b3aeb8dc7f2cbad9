/** Files of chat messages: which ones are documents, and how big a file is, as people read it. */

/** Content types shown as a document card (a PDF opens in the browser's viewer or downloads). */
export const isPdf = (contentType: string) => contentType === 'application/pdf';

const formats = new Map<string, Intl.NumberFormat>();
const unitFormat = (language: string, unit: 'kilobyte' | 'megabyte', digits: number) => {
  const key = `${language}:${unit}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
};

/**
 * A file size in the reader's language: "120 kB", "1.5 MB" (anything under a kilobyte counts as 1 kB); null when
 * the size is not known.
 */
export function fileSize(bytes: number | null | undefined, language: string): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return null;
  if (bytes < 1024 * 1024) {
    return unitFormat(language, 'kilobyte', 0).format(Math.max(1, Math.round(bytes / 1024)));
  }
  return unitFormat(language, 'megabyte', 1).format(bytes / 1024 / 1024);
}
