import { isNativePlatform } from './platform';

/** What the share sheet did: shared, dismissed by the member, or not available here. */
export type ShareSheetResult = 'shared' | 'cancelled' | 'unavailable';

export interface ShareSheetInput {
  title?: string;
  text: string;
  url: string;
}

interface CapacitorSharePlugin {
  share: (options: { title?: string; text?: string; url?: string }) => Promise<unknown>;
}

function nativeSharePlugin(): CapacitorSharePlugin | null {
  if (!isNativePlatform()) return null;
  const plugins = (window.Capacitor as { Plugins?: { Share?: CapacitorSharePlugin } } | undefined)?.Plugins;
  return plugins?.Share ?? null;
}

/** Whether a system share sheet exists: the Capacitor Share plugin on native, the Web Share API on the web. */
export function canShareNatively(): boolean {
  if (nativeSharePlugin()) return true;
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

function isCancel(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const message = String((error as { message?: string } | null)?.message ?? '');
  return name === 'AbortError' || /cancel/i.test(message);
}

/** Opens the system share sheet; a refusal other than the member's own cancel is logged and reported unavailable. */
export async function shareNatively(input: ShareSheetInput): Promise<ShareSheetResult> {
  try {
    const plugin = nativeSharePlugin();
    if (plugin) await plugin.share(input);
    else if (typeof navigator !== 'undefined' && typeof navigator.share === 'function')
      await navigator.share(input);
    else return 'unavailable';
    return 'shared';
  } catch (error) {
    if (isCancel(error)) return 'cancelled';
    console.warn('Share sheet failed', error);
    return 'unavailable';
  }
}
