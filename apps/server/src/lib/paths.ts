import { join, normalize, sep } from 'node:path';

/** The file a URL path names inside `root`, or null when it would lead outside it (`..`, an absolute path). */
export function fileUnder(root: string, path: string): string | null {
  const file = normalize(join(root, path));
  return file.startsWith(root + sep) ? file : null;
}
