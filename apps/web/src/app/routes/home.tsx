import { getDisplayName, getMainNav, hasFeature } from '@rally/shared';
import { Bell, FolderKanban, GraduationCap, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeCard } from '../../features/projects/components/home-card';
import { ProjectsPreview } from '../../features/projects/components/projects-preview';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { useClient } from '../../lib/client';

/** Home: a greeting, what there is to do, and the user's projects. */
export function HomePage() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  const ctx = useNavContext();
  if (!user) return null;
  const community = getMainNav(ctx).find((item) => item.labelKey === 'nav.community');
  const projectsWord = t('words.projects');
  return (
    <div className="space-y-8">
      <section className="overflow-hidden rounded-3xl bg-brand p-6 text-brand-contrast shadow-sm sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.greeting', { name: getDisplayName(user) })}
        </h2>
        <p className="mt-2 max-w-xl">{t('home.intro', { client: client.name })}</p>
      </section>
      <ul className="grid gap-3 sm:grid-cols-2">
        <HomeCard
          to="/projects"
          icon={FolderKanban}
          title={projectsWord}
          text={t('home.projectsCard', { projects: projectsWord.toLocaleLowerCase() })}
        />
        {community && (
          <HomeCard
            to={community.path}
            icon={Users}
            title={t('nav.community')}
            text={t('home.communityCard')}
          />
        )}
        {hasFeature(ctx.features, 'training') && (
          <HomeCard
            to="/training-library"
            icon={GraduationCap}
            title={t('pages.training')}
            text={t('home.trainingCard')}
          />
        )}
        <HomeCard
          to="/notifications"
          icon={Bell}
          title={t('pages.notifications')}
          text={t('home.notificationsCard')}
        />
      </ul>
      <ProjectsPreview userId={user.id} />
    </div>
  );
}
