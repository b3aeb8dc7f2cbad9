import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "New posts" floating above the feed when newer posts exist; clicking scrolls up and loads them. */
export function NewPostsPill({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none sticky top-20 z-30 flex justify-center">
      <button
        type="button"
        onClick={onClick}
        className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
      >
        <ArrowUp aria-hidden className="size-4" />
        {t('feed.newPosts', { count })}
      </button>
    </div>
  );
}
