import type { User } from '@rally/shared';
import { PROJECT_AUDIENCES } from '@rally/shared';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioCards } from '../../../components/ui/radio-cards';
import { useWords } from '../hooks/use-words';
import type { ProjectFormValues } from '../utils/project-form';
import { TeamChecklist } from './team-checklist';

interface AudienceFieldProps {
  control: Control<ProjectFormValues>;
  user: User;
  /** Teams the project had when the form opened (kept listed even if the admin cannot see them). */
  initialTeamIds: readonly string[];
  error?: string;
}

/** Who can join: Everyone, Selected teams (with the team picker) or Invite only. */
export function AudienceField({ control, user, initialTeamIds, error }: AudienceFieldProps) {
  const { t } = useTranslation();
  const words = useWords();
  const audience = useWatch({ control, name: 'audience' });
  const options = PROJECT_AUDIENCES.map((value) => ({
    value,
    label: (
      <span className="block">
        <span className="block">{t(`adminProjects.audience.${value}`, words)}</span>
        <span className="block text-xs font-normal text-slate-500">
          {t(`adminProjects.audienceHints.${value}`, words)}
        </span>
      </span>
    ),
  }));
  return (
    <div className="space-y-3">
      <Controller
        control={control}
        name="audience"
        render={({ field }) => (
          <RadioCards
            label={t('adminProjects.form.audience')}
            options={options}
            value={field.value}
            onChange={field.onChange}
            className="sm:[&>div]:grid-cols-3"
          />
        )}
      />
      {audience === 'teams' && (
        <Controller
          control={control}
          name="audience_team_ids"
          render={({ field }) => (
            <TeamChecklist
              user={user}
              value={field.value}
              onChange={field.onChange}
              initialTeamIds={initialTeamIds}
              error={error}
            />
          )}
        />
      )}
      {audience !== 'teams' && error && <p className="text-sm font-medium text-red-600">{error}</p>}
    </div>
  );
}
