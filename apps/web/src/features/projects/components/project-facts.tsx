import type { AdminProject } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../utils/format-date';
import { useWords } from '../hooks/use-words';

/** "Everyone", "2 teams" or "Invite only". */
export function useAudienceLabel() {
  const { t } = useTranslation();
  const words = useWords();
  return (project: Pick<AdminProject, 'audience' | 'audience_team_ids'>) =>
    project.audience === 'teams'
      ? t('adminProjects.teamCount', { count: project.audience_team_ids.length, ...words })
      : t(`adminProjects.audience.${project.audience}`, words);
}

/** "1 Mar 2026 – 30 Apr 2026", "Starts 1 Mar 2026", "Ends …" or "No dates". */
export function useDatesLabel() {
  const { t, i18n } = useTranslation();
  return (project: Pick<AdminProject, 'starts_at' | 'ends_at'>) => {
    const start = project.starts_at ? formatDate(project.starts_at, i18n.language) : null;
    const end = project.ends_at ? formatDate(project.ends_at, i18n.language) : null;
    if (start && end) return t('adminProjects.dateRange', { start, end });
    if (start) return t('adminProjects.starts', { date: start });
    if (end) return t('adminProjects.ends', { date: end });
    return t('adminProjects.noDates');
  };
}
