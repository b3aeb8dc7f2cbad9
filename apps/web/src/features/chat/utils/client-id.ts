/**
 * A random UUID (v4) for a message's `client_message_id`: crypto.randomUUID where the page is a secure context,
 * else the same from crypto.getRandomValues (an app opened over plain http on a local network).
 */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a query parameter is a message or conversation id. `scroll` on /chat names a message (SPEC 2), but the
 * shell's scroll keeper (hooks/use-scroll-param.ts) may write a pixel offset there: numbers are ignored.
 */
export const isId = (value: string | null | undefined): value is string => !!value && UUID.test(value);
