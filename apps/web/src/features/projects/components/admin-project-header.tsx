import type { AdminProject, User } from '@rally/shared';
import { Activity, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { ArchiveToggle } from './archive-toggle';
import { useAudienceLabel, useDatesLabel } from './project-facts';
import { ProjectStateBadge } from './project-state-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

interface AdminProjectHeaderProps {
  user: User;
  project: AdminProject;
  /** Absent for read-only viewers (team leads). */
  onEdit?: () => void;
}

/** The project's cover, name, state, description, key facts and actions. */
export function AdminProjectHeader({ user, project, onEdit }: AdminProjectHeaderProps) {
  const { t } = useTranslation();
  const audienceOf = useAudienceLabel();
  const datesOf = useDatesLabel();
  return (
    <Card className="overflow-hidden">
      {project.image_url && (
        <ResponsiveImage
          src={project.image_url}
          alt=""
          sizes="(min-width: 1280px) 1248px, 100vw"
          width={1248}
          height={312}
          isPriority
          className="aspect-[16/9] w-full object-cover sm:aspect-[4/1]"
        />
      )}
      <div className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-bold tracking-tight text-slate-900">{project.name}</h2>
              <ProjectStateBadge state={project.state} />
            </div>
            {project.description && (
              <p className="whitespace-pre-line text-sm text-slate-600">{project.description}</p>
            )}
          </div>
          {onEdit && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={onEdit}>
                <Pencil aria-hidden className="size-4" />
                {t('adminProjects.detail.edit')}
              </Button>
              <ArchiveToggle user={user} project={project} />
            </div>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 sm:grid-cols-4">
          <Fact label={t('adminProjects.columns.audience')}>{audienceOf(project)}</Fact>
          <Fact label={t('adminProjects.columns.dates')}>{datesOf(project)}</Fact>
          <Fact label={t('adminProjects.columns.members')}>{project.member_count}</Fact>
          <Fact label={t('adminProjects.columns.activities')}>{project.activity_count}</Fact>
        </dl>
        <ButtonLink
          to={`/admin/participation?project_id=${encodeURIComponent(project.id)}`}
          variant="ghost"
          size="sm"
          className="-ml-3"
        >
          <Activity aria-hidden className="size-4" />
          {t('adminProjects.detail.viewParticipation')}
        </ButtonLink>
      </div>
    </Card>
  );
}
