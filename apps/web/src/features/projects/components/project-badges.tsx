import type { Project } from '@rally/shared';
import { CircleCheck, Clock, Flag, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const STATE_TONES: Record<Project['state'], BadgeTone> = {
  upcoming: 'info',
  active: 'success',
  ended: 'neutral',
  archived: 'neutral',
};

/** Upcoming / Active / Ended, then Joined or Completed for the member. */
export function ProjectBadges({ project }: { project: Project }) {
  const { t } = useTranslation();
  const StateIcon = project.state === 'upcoming' ? Clock : Flag;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone={STATE_TONES[project.state]}>
        <StateIcon aria-hidden className="size-3.5" />
        {t(`projects.states.${project.state}`)}
      </Badge>
      {project.completed ? (
        <Badge tone="success">
          <CircleCheck aria-hidden className="size-3.5" />
          {t('projects.completed')}
        </Badge>
      ) : (
        project.joined && (
          <Badge tone="brand">
            <UserCheck aria-hidden className="size-3.5" />
            {t('projects.joined')}
          </Badge>
        )
      )}
    </div>
  );
}
