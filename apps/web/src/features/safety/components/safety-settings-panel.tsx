import type { SafetyFlagAction, User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { RadioCards } from '../../../components/ui/radio-cards';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useSafetySettings } from '../api/get-safety-settings';
import { useUpdateSafetySettings } from '../api/update-safety-settings';

const ACTIONS: SafetyFlagAction[] = ['publish', 'hold'];

/** What happens to a text with a flagged word: published and queued, or held until approved. Saved on choice. */
export function SafetySettingsPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const query = useSafetySettings(user.id);
  const update = useUpdateSafetySettings(user.id);
  const value = update.isPending
    ? (update.variables?.flag_action ?? null)
    : (query.data?.flag_action ?? null);

  const handleChange = (flagAction: SafetyFlagAction) =>
    update.mutate(
      { flag_action: flagAction },
      { onSuccess: () => showToast(t('safety.settings.saved'), { tone: 'success' }) },
    );

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      {query.isPending ? (
        <Skeleton aria-hidden className="h-32 w-full rounded-xl" />
      ) : !query.data ? (
        <Alert tone="error">{query.error?.message}</Alert>
      ) : (
        <RadioCards
          label={t('safety.settings.label')}
          labelClassName="text-base font-semibold text-slate-900"
          value={value}
          onChange={handleChange}
          disabled={update.isPending}
          options={ACTIONS.map((action) => ({
            value: action,
            label: (
              <span className="block py-1">
                <span className="block">{t(`safety.settings.${action}`)}</span>
                <span className="block text-sm font-normal text-slate-600">
                  {t(`safety.settings.${action}Help`)}
                </span>
              </span>
            ),
          }))}
        />
      )}
      {update.isError && <Alert tone="error">{update.error.message}</Alert>}
      <p className="text-sm text-slate-500">{t('safety.settings.note')}</p>
    </Card>
  );
}
