import type { SafetySegment } from '@rally/shared';
import { clsx } from 'clsx';

/** A text with its matched words marked (from highlightSafetyPhrases or splitSafetyMatches). */
export function HighlightedSegments({
  segments,
  className,
}: {
  segments: SafetySegment[];
  className?: string;
}) {
  return (
    <p className={clsx('whitespace-pre-line break-words text-slate-800', className)}>
      {segments.map((segment, i) =>
        segment.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <mark key={i} className="rounded bg-amber-200/80 px-0.5 font-semibold text-amber-950">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
