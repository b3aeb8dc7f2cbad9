import { LEADERBOARD_PERIODS, type LeaderboardScope } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { SelectListbox } from '../../../components/ui/select-listbox';
import type { LeaderboardFilter } from '../api/get-leaderboard';

interface LeaderboardControlsProps {
  filter: LeaderboardFilter;
  onChange: (next: LeaderboardFilter) => void;
  /** Members/teams toggle only when the client has teams. */
  hasTeams: boolean;
  /** The member's projects for the project filter; none hides it. */
  projects: readonly { id: string; name: string }[];
}

/** Period (this week, this month, all time), members or teams, and an optional project. */
export function LeaderboardControls({ filter, onChange, hasTeams, projects }: LeaderboardControlsProps) {
  const { t } = useTranslation();
  const periods = LEADERBOARD_PERIODS.map((value) => ({ value, label: t(`leaderboard.periods.${value}`) }));
  const scopes: { value: LeaderboardScope; label: string }[] = [
    { value: 'members', label: t('leaderboard.members') },
    { value: 'teams', label: t('words.teams') },
  ];
  const projectOptions = [
    { value: '', label: t('leaderboard.allProjects', { projects: t('words.projects').toLocaleLowerCase() }) },
    ...projects.map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SegmentedControl
        label={t('leaderboard.periodLabel')}
        options={periods}
        value={filter.period}
        onChange={(period) => onChange({ ...filter, period })}
        className="w-full flex-nowrap sm:w-auto [&>*]:flex-1 [&>*]:whitespace-nowrap [&>*]:px-2.5 [&>*]:text-center sm:[&>*]:flex-none sm:[&>*]:px-3.5"
      />
      {hasTeams && (
        <SegmentedControl
          label={t('leaderboard.scopeLabel')}
          options={scopes}
          value={filter.scope}
          onChange={(scope) => onChange({ ...filter, scope })}
        />
      )}
      {projects.length > 0 && (
        <SelectListbox
          label={t('leaderboard.projectLabel')}
          options={projectOptions}
          value={filter.projectId ?? ''}
          onChange={(id) => onChange({ ...filter, projectId: id || null })}
          className="w-full sm:ml-auto sm:w-64"
        />
      )}
    </div>
  );
}
