import { getRoleLabelKey, type Role } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** A user's role as the client names it (custom role labels apply). */
export function RoleLabel({ role, teamTags }: { role: Role; teamTags: readonly string[] }) {
  const { t } = useTranslation();
  const tone =
    role === 'ADMIN' ? 'brand' : role === 'ANALYST' ? 'info' : role === 'APPLICANT' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{t(getRoleLabelKey({ role, team_tags: teamTags }))}</Badge>;
}
