import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown-renderer';

// The Markdown parser is the largest library of the app: it loads with the first rich text shown, not before.
const MarkdownRenderer = lazy(() =>
  import('./markdown-renderer').then((m) => ({ default: m.MarkdownRenderer })),
);

/** Rich text written by admins (training bodies); the source shows as plain text while the renderer loads. */
export function Markdown(props: MarkdownProps) {
  const { text, className, ...rest } = props;
  return (
    <Suspense
      fallback={
        <div
          className={clsx('whitespace-pre-line text-[0.9375rem] leading-relaxed text-slate-800', className)}
          {...rest}
        >
          {text}
        </div>
      }
    >
      <MarkdownRenderer {...props} />
    </Suspense>
  );
}
