import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useProfile } from '../api/get-profile';
import { ProfileBadges } from './profile-badges';
import { ProfileHeader } from './profile-header';
import { ProfileRecentActivity } from './profile-recent-activity';
import { ProfileTeams } from './profile-teams';

/** /people/:userId: a member's public profile. */
export function PersonPage() {
  const user = useUser();
  const { userId: personId = '' } = useParams();
  if (!user) return null;
  return <PersonProfile userId={user.id} personId={personId} />;
}

function PersonProfile({ userId, personId }: { userId: string; personId: string }) {
  const { t } = useTranslation();
  const query = useProfile(userId, personId);
  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" aria-busy>
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyState icon={SearchX} title={t('people.notFoundTitle')} description={t('people.notFoundText')} />
      );
    }
    return <Alert tone="error">{query.error.message}</Alert>;
  }
  const profile = query.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <ProfileHeader profile={profile} userId={userId} />
      <ProfileBadges badges={profile.badges} />
      <ProfileTeams teams={profile.teams} />
      <ProfileRecentActivity items={profile.recent_activity} />
    </div>
  );
}
