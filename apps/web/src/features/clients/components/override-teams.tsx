import type { User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useOverrideTeams } from '../api/get-override-teams';
import { CheckList } from './check-list';

interface OverrideTeamsProps {
  user: User;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  /** The client's word for teams, as being edited. */
  teamsWord: string;
}

/** A checkbox per team of the client: its members keep access while the app is paused. */
export function OverrideTeams({ user, value, onChange, error, teamsWord }: OverrideTeamsProps) {
  const { t } = useTranslation();
  const teams = useOverrideTeams(user.id);
  const legend = t('adminGeneral.pause.overrideLegend', { teams: teamsWord });
  if (teams.isPending) return <Spinner className="size-5 text-brand-text" label={legend} />;
  if (teams.error)
    return <p className="text-sm text-red-600">{t('adminGeneral.pause.teamsError', { teams: teamsWord })}</p>;
  if (teams.data.length === 0)
    return <p className="text-sm text-slate-600">{t('adminGeneral.pause.noTeams', { teams: teamsWord })}</p>;
  return (
    <CheckList
      legend={legend}
      options={teams.data.map((team) => ({ value: team.id, label: team.name }))}
      value={value}
      onChange={onChange}
      error={error}
      columns="three"
    />
  );
}
