import type { Profile } from '@rally/shared';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { i18n } from '../../../lib/i18n';
import { FollowButton } from './follow-button';

/** Avatar, name, role, place, bio, counts and the follow button of a profile. */
export function ProfileHeader({ profile, userId }: { profile: Profile; userId: string }) {
  const { t } = useTranslation();
  const stats = [
    { key: 'points', value: profile.points, label: t('people.points', { count: profile.points }) },
    {
      key: 'followers',
      value: profile.follower_count,
      label: t('people.followers', { count: profile.follower_count }),
    },
    {
      key: 'following',
      value: profile.following_count,
      label: t('people.following', { count: profile.following_count }),
    },
  ];
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar imageUrl={profile.image_url} name={profile.display_name} size="xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:flex-wrap sm:items-center">
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">{profile.display_name}</h2>
            <span className="rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand-text">
              {t(profile.role_label_key)}
            </span>
          </div>
          {profile.location && (
            <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden className="size-4" />
              {t('people.locatedIn', { location: profile.location })}
            </p>
          )}
          {profile.bio && <p className="mt-3 whitespace-pre-line text-slate-700">{profile.bio}</p>}
        </div>
        <div className="shrink-0">
          {profile.is_self ? (
            <ButtonLink to="/profile" variant="secondary" size="sm">
              {t('people.editProfile')}
            </ButtonLink>
          ) : (
            <FollowButton userId={userId} profile={profile} />
          )}
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 divide-x divide-slate-100 rounded-xl bg-slate-50 py-3 text-center">
        {stats.map((s) => (
          <div key={s.key} className="px-2">
            <dd className="text-xl font-bold text-slate-900" data-testid={`profile-${s.key}`}>
              {s.value.toLocaleString(i18n.language)}
            </dd>
            <dt className="text-xs text-slate-600 sm:text-sm">{s.label}</dt>
          </div>
        ))}
      </dl>
    </Card>
  );
}
