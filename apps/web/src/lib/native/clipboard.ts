/** Whether text can be copied here (Capacitor Clipboard plugin on native; the async Clipboard API on the web). */
export function canCopyText(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}

/** Copies text; rejects when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}
