import { getDisplayName } from '@rally/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectsPreview } from '../../features/projects/components/projects-preview';
import { useUser } from '../../lib/auth';
import { useClient } from '../../lib/client';
import { loadLaterStrings } from '../../lib/i18n';

/**
 * The member's week, what to do next, new badges, fresh content and the shortcuts: loaded after the first paint
 * with the later strings, so Home's first download (150 KB budget) holds only the greeting and the projects.
 */
const HomeMore = lazy(async () => {
  const [module] = await Promise.all([import('./home-more'), loadLaterStrings()]);
  return { default: module.HomeMore };
});

/** A guest's home, in its own chunk with the later strings: members never download it. */
const GuestHome = lazy(async () => {
  const [module] = await Promise.all([import('./home-guest'), loadLaterStrings()]);
  return { default: module.GuestHome };
});

/** Home: a greeting, the member's week and what to do next, shortcuts, and the user's projects. */
export function HomePage() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  if (!user) return null;
  if (user.is_ghost) {
    return (
      <Suspense fallback={<div aria-hidden className="h-40 animate-pulse rounded-3xl bg-slate-200/80" />}>
        <GuestHome userId={user.id} />
      </Suspense>
    );
  }
  return (
    <div className="space-y-8">
      <section className="overflow-hidden rounded-3xl bg-brand p-6 text-brand-contrast shadow-sm sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.greeting', { name: getDisplayName(user) })}
        </h2>
        <p className="mt-2 max-w-xl">{t('home.intro', { client: client.name })}</p>
      </section>
      {/* Boxes while the rest loads, without words (hidden from assistive technology). */}
      <Suspense fallback={<div aria-hidden className="h-24 animate-pulse rounded-2xl bg-slate-200/80" />}>
        <HomeMore userId={user.id} />
      </Suspense>
      <ProjectsPreview userId={user.id} />
    </div>
  );
}
