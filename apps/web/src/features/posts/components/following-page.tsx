import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FeedList } from './feed-list';

/** /community/following: posts of the people the member follows, or where to find people to follow. */
export function FollowingPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="sr-only">{t('feed.following.title')}</h1>
      <FeedList
        scope="following"
        empty={
          <EmptyState
            icon={Users}
            title={t('feed.following.emptyTitle')}
            description={t('feed.following.emptyDescription')}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <ButtonLink to="/community/leaderboard">{t('feed.following.leaderboard')}</ButtonLink>
                <ButtonLink to="/community/teams" variant="secondary">
                  {t('feed.following.teams', { teams: t('words.teams') })}
                </ButtonLink>
              </div>
            }
          />
        }
      />
    </div>
  );
}
