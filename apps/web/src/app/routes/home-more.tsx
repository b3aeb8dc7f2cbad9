import { getMainNav, hasFeature } from '@rally/shared';
import { Bell, FolderKanban, GraduationCap, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MyMetricsHome } from '../../features/performance/components/my-metrics-home';
import { HomeCard } from '../../features/projects/components/home-card';
import { useNavContext } from '../../hooks/use-nav-context';

/**
 * Home below the greeting: the member's week, what to do next, new badges and fresh content, then the shortcuts.
 * Loaded after the first paint (home.tsx), so Home's first download stays within its budget.
 */
export function HomeMore({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const community = getMainNav(ctx).find((item) => item.labelKey === 'nav.community');
  const projectsWord = t('words.projects');
  return (
    <>
      <MyMetricsHome userId={userId} />
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
    </>
  );
}
