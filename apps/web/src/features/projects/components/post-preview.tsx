import { splitHashtags } from '@rally/shared';
import { clsx } from 'clsx';

/** The post text as it will read, with hashtags in blue (SPEC 9). */
export function PostPreview({ text, className }: { text: string; className?: string }) {
  return (
    <p
      className={clsx(
        'whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed text-slate-800',
        className,
      )}
    >
      {splitHashtags(text).map((part, index) =>
        part.hashtag ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of one text, in order
          <span key={index} className="font-medium text-blue-600">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
