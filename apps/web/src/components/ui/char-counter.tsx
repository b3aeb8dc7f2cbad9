import { clsx } from 'clsx';
import { i18n } from '../../lib/i18n';

interface CharCounterProps {
  id?: string;
  count: number;
  limit: number;
  /** Read out with the numbers, e.g. "280 of 280 characters". */
  label: string;
}

/** "n / limit", red when over; a polite live region so screen readers hear it change. */
export function CharCounter({ id, count, limit, label }: CharCounterProps) {
  const isOver = count > limit;
  return (
    <p
      id={id}
      aria-live="polite"
      className={clsx(
        'text-right text-xs font-medium tabular-nums',
        isOver ? 'text-red-600' : 'text-slate-500',
      )}
    >
      <span aria-hidden>
        {count.toLocaleString(i18n.language)} / {limit.toLocaleString(i18n.language)}
      </span>
      <span className="sr-only">{label}</span>
    </p>
  );
}
