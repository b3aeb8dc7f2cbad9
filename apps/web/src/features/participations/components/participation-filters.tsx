import { ACTIVITY_FILTERS } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { PARTICIPATION_STATUSES, type ParticipationFilters } from '../api/query-keys';

interface ParticipationFiltersBarProps {
  filters: ParticipationFilters;
  onChange: (filters: ParticipationFilters) => void;
  /** The projects to filter by; null hides the project filter (the user cannot list projects). */
  projects: readonly { id: string; name: string }[] | null;
}

/** Status, activity type and project filters. */
export function ParticipationFiltersBar({ filters, onChange, projects }: ParticipationFiltersBarProps) {
  const { t } = useTranslation();
  const projectOptions = [
    {
      value: '',
      label: t('participation.allProjects', { projects: t('words.projects').toLocaleLowerCase() }),
    },
    ...(projects ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];
  return (
    <div className={projects ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'grid grid-cols-2 gap-3'}>
      <SelectListbox
        label={t('participation.filters.status')}
        options={PARTICIPATION_STATUSES.map((value) => ({
          value,
          label: t(`participation.statusFilter.${value}`),
        }))}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <SelectListbox
        label={t('participation.filters.type')}
        options={ACTIVITY_FILTERS.map((value) => ({
          value,
          label: value === 'all' ? t('participation.allTypes') : t(`activityTypes.${value}`),
        }))}
        value={filters.type}
        onChange={(type) => onChange({ ...filters, type })}
      />
      {projects && (
        <SelectListbox
          label={t('words.project')}
          options={projectOptions}
          value={filters.projectId ?? ''}
          onChange={(projectId) => onChange({ ...filters, projectId: projectId || null })}
          className="col-span-2 sm:col-span-1"
        />
      )}
    </div>
  );
}
