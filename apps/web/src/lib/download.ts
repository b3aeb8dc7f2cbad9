import { ApiError } from './api-client';
import { i18n } from './i18n';
import { getToken } from './storage';

/** The file name to save a download under: the given name with the URL's extension when it has none. */
export function getDownloadName(url: string, name: string): string {
  const ext = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(url)?.[1];
  const base = name.trim() || 'download';
  return ext && !base.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? `${base}.${ext}` : base;
}

/** Downloads a file as a blob from its URL (SPEC 7); a failure is only logged (SPEC 8). */
export async function downloadFile(url: string, name: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
    saveBlob(await response.blob(), getDownloadName(url, name));
  } catch (error) {
    console.error('Download failed', url, error);
  }
}

/** Saves a blob as a file through an object URL and a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the browser start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An API file as a blob (SPEC 7) with the bearer token like every call, for downloads the user asked for and must
 * hear about: a failure throws the server's message (or the network's) instead of only being logged.
 */
export async function downloadBlob(url: string, headers: Record<string, string> = {}): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : i18n.t('errors.requestFailed');
    throw new ApiError(message, response.status);
  }
  return response.blob();
}
