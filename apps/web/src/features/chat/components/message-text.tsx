import type { Mention } from '@rally/shared';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { splitMessageText } from '../utils/message-text';

/** A message's text as the feed shows text: links open in a new tab, mentions link to profiles, hashtags in blue. */
export function MessageText({
  text,
  mentions,
  className,
}: {
  text: string;
  mentions: Mention[];
  className?: string;
}) {
  return (
    <p className={clsx('whitespace-pre-wrap break-words text-[0.9375rem] text-slate-800', className)}>
      {splitMessageText(text, mentions).map((part, index) => {
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
              <span key={key} className="font-medium text-blue-700">
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
