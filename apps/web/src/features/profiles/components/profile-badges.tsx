import type { Profile } from '@rally/shared';
import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

/** Badges the member earned, or a short note that there are none yet. */
export function ProfileBadges({ badges }: { badges: Profile['badges'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="profile-badges-heading" className="space-y-3">
      <h2 id="profile-badges-heading" className="text-lg font-semibold text-slate-900">
        {t('people.badgesHeading')}
      </h2>
      {badges.length === 0 ? (
        <p className="text-sm text-slate-600">{t('people.noBadges')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {badges.map((badge) => (
            <li key={badge.id}>
              <Card
                className="flex h-full flex-col items-center p-3 text-center"
                title={badge.description ?? undefined}
              >
                {badge.image_url ? (
                  <ResponsiveImage
                    src={badge.image_url}
                    alt=""
                    sizes="56px"
                    width={56}
                    height={56}
                    className="size-14 object-contain"
                  />
                ) : (
                  <span className="flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand-text">
                    <Award aria-hidden className="size-7" />
                  </span>
                )}
                <span className="mt-2 text-sm font-medium text-slate-900">{badge.name}</span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
