import type { Tree } from '../../en';

/**
 * This language's later files, as one chunk: a page past the first one needs them all before it draws, and one
 * download of the lot is faster on a phone than fifteen small ones (locales/strings.ts merges them).
 */
const files: Record<string, Tree> = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
export default files;
