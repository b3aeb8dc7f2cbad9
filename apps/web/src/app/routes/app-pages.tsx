import { getDisplayName, getRoleLabelKey, MAIN_NAV } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/layouts/page-heading';
import { Card } from '../../components/ui/card';
import { HelpFaq } from '../../features/help/components/help-faq';
import { NotificationsList } from '../../features/notifications/components/notifications-list';
import { AvatarUpload } from '../../features/users/components/avatar-upload';
import { LanguageChoice } from '../../features/users/components/language-choice';
import { ProfileForm } from '../../features/users/components/profile-form';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { useClient } from '../../lib/client';

import { AccessState, getItemAccess } from './access';

export function NotificationsPage() {
  const user = useUser();
  return user ? <NotificationsList userId={user.id} /> : null;
}

export function HelpPage() {
  const client = useClient();
  const user = useUser();
  return <HelpFaq clientName={client.name} isSignedIn={user !== null} />;
}

export function ProfilePage() {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const user = useUser();
  const access = getItemAccess(
    MAIN_NAV.find((item) => item.labelKey === 'nav.profile'),
    ctx,
  );
  if (access !== 'allowed') return <AccessState access={access} />;
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card className="p-5 sm:p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <AvatarUpload user={user} />
          <div className="sm:text-right">
            <p className="text-lg font-semibold text-slate-900">{getDisplayName(user)}</p>
            {user.email && <p className="text-sm text-slate-600">{user.email}</p>}
            <p className="mt-1 inline-block rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand-text">
              {t(getRoleLabelKey(user))}
            </p>
            <p className="mt-2">
              <Link
                to={`/people/${encodeURIComponent(user.id)}`}
                className="text-sm font-semibold text-brand-text hover:underline"
              >
                {t('people.viewPublicProfile')}
              </Link>
            </p>
          </div>
        </div>
      </Card>
      <Card className="space-y-5 p-5 sm:p-6">
        <PageHeading title={t('profile.detailsHeading')} description={t('profile.detailsText')} />
        <ProfileForm user={user} />
      </Card>
      <Card className="space-y-5 p-5 sm:p-6">
        <PageHeading title={t('languages.profile.title')} description={t('languages.profile.description')} />
        <LanguageChoice user={user} />
      </Card>
    </div>
  );
}
