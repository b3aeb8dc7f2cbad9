import type { AdminProject } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useAudienceLabel, useDatesLabel } from './project-facts';
import { ProjectStateBadge } from './project-state-badge';
import { ProjectThumb } from './project-thumb';

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const td = 'px-4 py-3 text-sm text-slate-700';

/** Projects as a table, from tablet width. */
export function AdminProjectsTable({ projects }: { projects: readonly AdminProject[] }) {
  const { t } = useTranslation();
  const audienceOf = useAudienceLabel();
  const datesOf = useDatesLabel();
  return (
    <Card className="overflow-hidden">
      <table className="w-full">
        <caption className="sr-only">{t('words.projects')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t('adminProjects.columns.name')}
            </th>
            <th scope="col" className={th}>
              {t('adminProjects.columns.state')}
            </th>
            <th scope="col" className={th}>
              {t('adminProjects.columns.audience')}
            </th>
            <th scope="col" className={th}>
              {t('adminProjects.columns.dates')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('adminProjects.columns.activities')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('adminProjects.columns.members')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {projects.map((project) => (
            <tr key={project.id} className="relative transition hover:bg-slate-50">
              <td className={td}>
                <div className="flex items-center gap-3">
                  <ProjectThumb imageUrl={project.image_url} className="size-10" />
                  <Link
                    to={`/admin/projects/${project.id}`}
                    className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-text"
                  >
                    {project.name}
                  </Link>
                </div>
              </td>
              <td className={td}>
                <ProjectStateBadge state={project.state} />
              </td>
              <td className={td}>{audienceOf(project)}</td>
              <td className={`${td} whitespace-nowrap`}>{datesOf(project)}</td>
              <td className={`${td} text-right tabular-nums`}>{project.activity_count}</td>
              <td className={`${td} text-right tabular-nums`}>{project.member_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
