import type { ChatMessage } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSearchMessages } from '../api/conversations';
import { shortTime } from '../utils/conversation';

/** Messages matching a search, newest first; each opens the message in its conversation (or thread). */
export function SearchResults({
  userId,
  q,
  hrefOf,
}: {
  userId: string;
  q: string;
  hrefOf: (message: ChatMessage) => string;
}) {
  const { t, i18n } = useTranslation();
  const query = useSearchMessages(userId, q);
  const messages = query.data?.pages.flatMap((page) => page.messages) ?? [];
  if (query.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner label={t('chat.search.searching')} />
      </div>
    );
  if (query.isError)
    return (
      <div className="p-3">
        <Alert tone="error">{query.error.message}</Alert>
      </div>
    );
  return (
    <section aria-label={t('chat.search.results')} className="min-h-0 flex-1 overflow-y-auto">
      <p role="status" className="px-3 py-2 text-sm text-slate-600">
        {t('chat.search.count', { count: messages.length, q })}
      </p>
      <ul className="divide-y divide-slate-100">
        {messages.map((message) => (
          <li key={message.id}>
            <Link
              to={hrefOf(message)}
              className="block px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate text-sm font-semibold text-slate-900">
                  {message.author?.display_name ?? t('chat.title.unknown')}
                </span>
                <time dateTime={message.created_at} className="shrink-0 text-xs text-slate-600">
                  {shortTime(message.created_at, i18n.language)}
                </time>
              </span>
              <span className="line-clamp-2 block text-sm text-slate-700">{message.body}</span>
            </Link>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center p-3">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void query.fetchNextPage()}
            isLoading={query.isFetchingNextPage}
          >
            {t('chat.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
