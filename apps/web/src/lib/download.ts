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
    const objectUrl = URL.createObjectURL(await response.blob());
    const anchor = document.createElement('a');
    anchor.href = objectUrl;
    anchor.download = getDownloadName(url, name);
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    // Let the browser start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch (error) {
    console.error('Download failed', url, error);
  }
}
