import { isAdmin, type User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { useProjectOptions } from '../api/get-project-options';
import type { ParticipationFilters } from '../api/query-keys';
import { readFilters, writeFilters } from '../utils/filters';
import { ExportCsvButton } from './export-csv-button';
import { ParticipationFiltersBar } from './participation-filters';
import { ParticipationList } from './participation-list';

/**
 * /admin/participation: who took part in what, Brand Content to review and the CSV export. ADMIN sees
 * everything; an ANALYST the members of their teams (the server scopes it).
 */
export function ParticipationPage({ user }: { user: User }) {
  const { t } = useTranslation();
  const words = {
    project: t('words.project').toLocaleLowerCase(),
    teams: t('words.teams').toLocaleLowerCase(),
  };
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  // Only admins may list projects; others filter by the project of a link they followed.
  const canListProjects = isAdmin(user);
  const projectsQuery = useProjectOptions(user.id, canListProjects);
  const projects = projectsQuery.data ?? [];
  const projectName = projects.find((project) => project.id === filters.projectId)?.name ?? null;
  // A lead who followed a link to one project still sees (and can clear) that filter.
  const chosen =
    filters.projectId && !projectName
      ? [{ id: filters.projectId, name: t('participation.selectedProject', words) }]
      : [];
  const projectOptions = canListProjects || chosen.length > 0 ? [...projects, ...chosen] : null;
  const handleChange = (next: ParticipationFilters) => setParams(writeFilters(next), { replace: true });

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('participation.heading')}
        description={t(canListProjects ? 'participation.intro' : 'participation.introLead', words)}
        action={<ExportCsvButton filters={filters} projectName={projectName} />}
      />
      <ParticipationFiltersBar filters={filters} onChange={handleChange} projects={projectOptions} />
      <ParticipationList user={user} filters={filters} canOpenProject={canListProjects} />
    </div>
  );
}
