import type { Profile } from '@rally/shared';
import { UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useFollow } from '../api/follow-user';

/** Follow / Following (unfollow on press) for another member's profile. */
export function FollowButton({ userId, profile }: { userId: string; profile: Profile }) {
  const { t } = useTranslation();
  const follow = useFollow(userId, profile.id);
  const handleClick = () =>
    follow.mutate(!profile.is_following, { onError: (error) => showToast(error.message, { tone: 'error' }) });
  return (
    <Button
      variant={profile.is_following ? 'secondary' : 'primary'}
      size="sm"
      onClick={handleClick}
      isLoading={follow.isPending}
      aria-pressed={profile.is_following}
      aria-label={
        profile.is_following
          ? t('people.unfollowNamed', { name: profile.display_name })
          : t('people.followNamed', { name: profile.display_name })
      }
    >
      {profile.is_following ? (
        <UserCheck aria-hidden className="size-4" />
      ) : (
        <UserPlus aria-hidden className="size-4" />
      )}
      {profile.is_following ? t('people.followingButton') : t('people.follow')}
    </Button>
  );
}
