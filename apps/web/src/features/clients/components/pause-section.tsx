import type { User } from '@rally/shared';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { SettingsFormValues } from '../utils/settings-form';
import { OverrideTeams } from './override-teams';
import { SectionCard } from './section-card';
import { SwitchRow } from './switch-row';

/** Pausing the app (confirmed first), and the teams whose members keep access meanwhile. */
export function PauseSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<SettingsFormValues>();
  const [paused, teams] = useWatch<SettingsFormValues>({ name: ['paused', 'team.plural'] }) as [
    boolean,
    string,
  ];
  const [isConfirming, setIsConfirming] = useState(false);

  const handleSwitch = (next: boolean) => {
    if (next) setIsConfirming(true);
    else setValue('paused', false, { shouldDirty: true });
  };
  const handleConfirm = () => {
    setValue('paused', true, { shouldDirty: true });
    setIsConfirming(false);
  };

  return (
    <SectionCard title={t('adminGeneral.pause.title')} description={t('adminGeneral.pause.description')}>
      <SwitchRow label={t('adminGeneral.pause.switch')} checked={paused} onChange={handleSwitch} />
      {paused && <Alert tone="info">{t('adminGeneral.pause.pausedNote', { teams })}</Alert>}
      <Controller
        control={control}
        name="pause_override"
        render={({ field, fieldState }) => (
          <OverrideTeams
            user={user}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            teamsWord={teams}
          />
        )}
      />
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('adminGeneral.pause.confirmTitle')}
        description={t('adminGeneral.pause.confirmBody', { teams })}
        confirmLabel={t('adminGeneral.pause.confirm')}
        cancelLabel={t('adminGeneral.pause.cancel')}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
      />
    </SectionCard>
  );
}
