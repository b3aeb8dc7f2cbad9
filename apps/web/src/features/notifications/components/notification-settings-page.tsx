import {
  ADMIN_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type Role,
} from '@rally/shared';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import { BrowserPushCard } from './browser-push-card';
import { KindSwitch } from './kind-switch';

/** /notifications/settings: a switch per notification kind for push; in-app notifications always stay. */
export function NotificationSettingsPage() {
  const user = useUser();
  return user ? <NotificationSettings userId={user.id} role={user.role} /> : null;
}

/** Kinds only admins ever receive (an integration stopped working) are not offered to anyone else. */
const kindsFor = (role: Role): readonly NotificationKind[] =>
  role === 'ADMIN'
    ? NOTIFICATION_KINDS
    : NOTIFICATION_KINDS.filter((kind) => !(ADMIN_NOTIFICATION_KINDS as readonly string[]).includes(kind));

function NotificationSettings({ userId, role }: { userId: string; role: Role }) {
  const { t } = useTranslation();
  const kinds = kindsFor(role);
  const query = useNotificationPreferences(userId);
  const update = useUpdateNotificationPreferences(userId);
  const words = {
    project: t('words.project').toLocaleLowerCase(),
    projects: t('words.projects').toLocaleLowerCase(),
    team: t('words.team'),
    teams: t('words.teams').toLocaleLowerCase(),
  };

  const handleChange = (kind: NotificationKind, isOn: boolean) => {
    const off = new Set(query.data?.push_off ?? []);
    if (isOn) off.delete(kind);
    else off.add(kind);
    update.mutate(NOTIFICATION_KINDS.filter((k) => off.has(k)));
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <ButtonLink to="/notifications" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden className="size-4" />
        {t('notify.back')}
      </ButtonLink>
      <PageHeading title={t('notify.settingsHeading')} description={t('notify.settingsText')} />
      {update.isError && (
        <Alert tone="error">{t('notify.saveFailed', { message: update.error.message })}</Alert>
      )}
      {query.isPending ? (
        <Card className="divide-y divide-slate-100" aria-busy>
          {kinds.map((kind) => (
            <div key={kind} className="flex items-center justify-between gap-4 px-4 py-4 sm:px-5">
              <span className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-64 max-w-full" />
              </span>
              <Skeleton className="h-6 w-11 rounded-full" />
            </div>
          ))}
        </Card>
      ) : query.isError ? (
        <div className="space-y-3">
          <Alert tone="error">
            {t('notify.loadFailed')} {query.error.message}
          </Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('notifications.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Card className="divide-y divide-slate-100">
            {kinds.map((kind) => (
              <KindSwitch
                key={kind}
                label={t(`notify.kinds.${kind}.label`, words)}
                description={t(`notify.kinds.${kind}.text`, words)}
                isOn={!query.data.push_off.includes(kind)}
                onChange={(isOn) => handleChange(kind, isOn)}
              />
            ))}
          </Card>
          {query.data.web_push_key && <BrowserPushCard publicKey={query.data.web_push_key} />}
        </>
      )}
    </div>
  );
}
