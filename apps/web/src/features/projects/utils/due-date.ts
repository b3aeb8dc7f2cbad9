import { relativeFormat } from '../../../utils/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A due date relative to now: the phrase ("in 3 days", "tomorrow", "2 hours ago") and where it stands. */
export interface DueInfo {
  /** Intl.RelativeTimeFormat phrase in the given language. */
  relative: string;
  isPast: boolean;
  /** Due within the next 48 hours. */
  isSoon: boolean;
}

function calendarDays(from: Date, to: Date): number {
  const start = new Date(from.getFullYear(), from.getMonth(), from.getDate()).getTime();
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate()).getTime();
  return Math.round((end - start) / DAY);
}

/**
 * Where a due date stands: minutes and hours within a day, then calendar days (so a date due tomorrow
 * evening reads "tomorrow" this morning), weeks within five weeks, then months.
 */
export function getDueInfo(dueAt: string, language: string, now: number = Date.now()): DueInfo {
  const due = new Date(dueAt);
  const diff = due.getTime() - now;
  const format = relativeFormat(language);
  const abs = Math.abs(diff);
  let relative: string;
  if (abs < HOUR) relative = format.format(Math.round(diff / MINUTE), 'minute');
  else if (abs < DAY) relative = format.format(Math.round(diff / HOUR), 'hour');
  else {
    const days = calendarDays(new Date(now), due);
    if (Math.abs(days) < 7) relative = format.format(days, 'day');
    else if (Math.abs(days) < 35) relative = format.format(Math.round(days / 7), 'week');
    else relative = format.format(Math.round(days / 30), 'month');
  }
  return { relative, isPast: diff < 0, isSoon: diff >= 0 && diff < 2 * DAY };
}
