import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityDetail } from '../api/get-activity';
import type { ProjectDetail } from '../api/get-project';
import { useProjectWords } from '../hooks/use-project-words';
import { getDueInfo } from '../utils/due-date';
import type { ParticipationBlocker } from '../utils/participation-blocker';
import { ProjectMembership } from './project-membership';

interface ParticipationNoticeProps {
  userId: string;
  activity: ActivityDetail;
  project: ProjectDetail | undefined;
  blocker: ParticipationBlocker | null;
}

/** Why the member can't take part yet (not joined: with Join; not started; closed; project over). */
export function ParticipationNotice({ userId, activity, project, blocker }: ParticipationNoticeProps) {
  const { t, i18n } = useTranslation();
  const words = useProjectWords();
  const when = activity.starts_at ? getDueInfo(activity.starts_at, i18n.language).relative : '';
  const message = t(`activities.blockers.${blocker ?? 'unknown'}`, { project: words.project, when });
  return (
    <div role="status" className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <p className="flex items-start gap-2.5 text-sm font-medium text-amber-900">
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
        {message}
      </p>
      {blocker === 'notJoined' && project && <ProjectMembership userId={userId} project={project} />}
    </div>
  );
}
