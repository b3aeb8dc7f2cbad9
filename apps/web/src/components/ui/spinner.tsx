import { clsx } from 'clsx';

const ring = 'inline-block animate-spin rounded-full border-2 border-current border-r-transparent';

/** A spinning ring; decorative unless given a label, which makes it a status announcement. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  if (!label) return <span aria-hidden className={clsx(ring, 'size-5', className)} />;
  return (
    <span role="status" className="inline-flex">
      <span aria-hidden className={clsx(ring, 'size-5', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
