import { i18n } from './i18n';
import { canCopyText, copyText } from './native/clipboard';
import { showToast } from './toast';

/** Copies text and tells the user: "Copied {label}" or "Failed to copy {label}: {error}" (SPEC 8). */
export async function copyWithToast(text: string, label: string): Promise<boolean> {
  if (!canCopyText()) {
    console.warn('Clipboard is not available here');
    showToast(i18n.t('toast.copyLinkFailed'), { tone: 'error' });
    return false;
  }
  try {
    await copyText(text);
    showToast(i18n.t('toast.copied', { label }), { tone: 'success' });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    showToast(i18n.t('toast.copyFailed', { label, error: message }), { tone: 'error', duration: 'long' });
    return false;
  }
}
