import { ROLE_LABEL_KEYS } from '@rally/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { SettingsFormValues } from '../utils/settings-form';
import { SectionCard } from './section-card';

const WORDS = [
  ['project.singular', 'projectSingular'],
  ['project.plural', 'projectPlural'],
  ['team.singular', 'teamSingular'],
  ['team.plural', 'teamPlural'],
] as const;

/** The client's words for project and team, its role labels, and a preview of how they read. */
export function WordsSection() {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<SettingsFormValues>();
  const { errors } = formState;
  const [project, team, labels] = useWatch<SettingsFormValues>({
    name: ['project', 'team', 'role_labels'],
  }) as [SettingsFormValues['project'], SettingsFormValues['team'], SettingsFormValues['role_labels']];
  const words = {
    project: project.singular,
    projects: project.plural,
    team: team.singular,
    teams: team.plural,
  };

  return (
    <SectionCard title={t('adminGeneral.words.title')} description={t('adminGeneral.words.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {WORDS.map(([name, label]) => {
          const [group, form] = name.split('.') as ['project' | 'team', 'singular' | 'plural'];
          return (
            <Field key={name} label={t(`adminGeneral.words.${label}`)} error={errors[group]?.[form]?.message}>
              {(control) => <Input {...control} {...register(name)} autoComplete="off" maxLength={40} />}
            </Field>
          );
        })}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t('adminGeneral.words.roleLabels')}</legend>
        <p className="text-sm text-slate-500">{t('adminGeneral.words.roleLabelsHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ROLE_LABEL_KEYS.map((key) => (
            <Field
              key={key}
              label={t(`adminGeneral.words.roles.${key}`)}
              error={errors.role_labels?.[key]?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register(`role_labels.${key}`)}
                  placeholder={t(`roles.${key}`, { ns: 'common' })}
                  autoComplete="off"
                  maxLength={40}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4" aria-live="polite">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('adminGeneral.words.previewTitle')}
        </p>
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          <li>{t('adminGeneral.words.previewJoin', words)}</li>
          <li>{t('adminGeneral.words.previewBrowse', words)}</li>
          <li>{t('adminGeneral.words.previewTeams', words)}</li>
          <li>
            {t('adminGeneral.words.previewRole', {
              name: 'Alex Rivera',
              role: labels.user || t('roles.user', { ns: 'common' }),
            })}
          </li>
        </ul>
      </div>
    </SectionCard>
  );
}
