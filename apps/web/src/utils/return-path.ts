/**
 * The `to` return path after login, only when it is a same-origin relative path: it starts with a single
 * '/', never '//' or '/\' (protocol-relative), and holds no control characters. Otherwise '/'.
 */
export function getSafeReturnPath(to: string | null | undefined): string {
  if (!to?.startsWith('/')) return '/';
  if (to.startsWith('//') || to.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected here.
  if (/[\u0000-\u001f\u007f]/.test(to)) return '/';
  return to;
}
