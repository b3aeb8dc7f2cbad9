import type { Mention } from '@rally/shared';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { splitRichText } from '../../utils/rich-text';

/**
 * Member-written text (a post, comment or chat message): links open in a new tab, mentions link to profiles,
 * hashtags in blue (SPEC 9). `className` adds the size and spacing of the place it is shown in.
 */
export function RichText({
  text,
  mentions,
  className,
}: {
  text: string;
  mentions: Mention[];
  className?: string;
}) {
  return (
    <p className={clsx('whitespace-pre-wrap break-words text-slate-800', className)}>
      {splitRichText(text, mentions).map((part, index) => {
        const key = `${index}-${part.kind}`;
        switch (part.kind) {
          case 'link':
            return (
              <a
                key={key}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-brand-text underline"
              >
                {part.text}
              </a>
            );
          case 'mention':
            return (
              <Link
                key={key}
                to={`/people/${part.userId}`}
                className="font-medium text-brand-text hover:underline"
              >
                {part.text}
              </Link>
            );
          case 'hashtag':
            return (
              <span key={key} className="font-medium text-blue-600">
                {part.text}
              </span>
            );
          default:
            return <span key={key}>{part.text}</span>;
        }
      })}
    </p>
  );
}
