import { splitHashtags } from '@rally/shared';
import { clsx } from 'clsx';

/** Post text with its hashtags in blue (SPEC 9); line breaks are kept. */
export function HashtagText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={clsx('whitespace-pre-wrap break-words', className)}>
      {splitHashtags(text).map((part, index) =>
        part.hashtag ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of one text, in order; the position is their identity.
          <span key={index} className="font-medium text-blue-600">
            {part.text}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
