const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** A `<input type="datetime-local">` value ("2026-03-01T09:30") for an ISO instant, in local time; '' for none. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local UTC offset of a date as "+01:00" / "-05:00". */
export function formatOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An ISO 8601 date-time with the browser's offset ("2026-03-01T09:30:00+01:00") for a datetime-local
 * value; null for '' and for anything that is not a real local date and time.
 */
export function fromDateTimeLocal(value: string | null | undefined): string | null {
  const match = LOCAL_PATTERN.exec(value?.trim() ?? '');
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // new Date rolls 31 Feb over to March; such a value is not a date.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  const dayPart = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${dayPart}T${time}${formatOffset(date)}`;
}

/** True for '' (no date) or a datetime-local value that converts to a date. */
export function isDateTimeLocal(value: string): boolean {
  return value.trim() === '' || fromDateTimeLocal(value) !== null;
}

/** True when both are set and `end` is not after `start` (both datetime-local values). */
export function isEndBeforeStart(start: string, end: string): boolean {
  const from = fromDateTimeLocal(start);
  const to = fromDateTimeLocal(end);
  if (!from || !to) return false;
  return new Date(to).getTime() <= new Date(from).getTime();
}
