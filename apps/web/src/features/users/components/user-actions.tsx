import type { AdminUser, User } from '@rally/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useUserAction } from '../api/admin-users';
import { PersonalDataActions } from './personal-data-actions';

type Kind = 'deactivate' | 'reactivate' | 'resend' | 'revoke';

/** Which actions a user's row offers: the server's can_manage decides; the status picks the actions. */
export function actionsFor(target: AdminUser, viewer: Pick<User, 'id'>): Kind[] {
  if (!target.can_manage) return [];
  if (target.status === 'invited') return ['resend', 'revoke'];
  if (target.status === 'deactivated') return ['reactivate'];
  return target.id === viewer.id ? [] : ['deactivate'];
}

// Actions that take something away ask first; resending and reactivating do not.
const CONFIRMED: readonly Kind[] = ['deactivate', 'revoke'];

/** The buttons of a user's row (edit, deactivate, reactivate, resend, revoke), with a confirmation where needed. */
export function UserActions({
  viewer,
  target,
  onEdit,
}: {
  viewer: User;
  target: AdminUser;
  onEdit: (user: AdminUser) => void;
}) {
  const { t } = useTranslation();
  const action = useUserAction(viewer.id);
  const [asking, setAsking] = useState<Kind | null>(null);
  const name = target.display_name;
  const run = (kind: Kind) =>
    action.mutate(
      { kind, id: target.id },
      {
        onSuccess: () => {
          setAsking(null);
          showToast(t(`adminPeople.done.${kind}`, { name }), { tone: 'success' });
        },
        onError: (error) => {
          if (!CONFIRMED.includes(kind)) showToast(error.message, { tone: 'error' });
        },
      },
    );
  if (!target.can_manage) return null;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {target.status !== 'invited' && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(target)}
          aria-label={t('adminPeople.editNamed', { name })}
        >
          <Pencil aria-hidden className="size-4" />
          <span className="sm:sr-only lg:not-sr-only">{t('adminPeople.edit')}</span>
        </Button>
      )}
      {actionsFor(target, viewer).map((kind) => (
        <Button
          key={kind}
          variant="ghost"
          size="sm"
          isLoading={action.isPending && action.variables?.kind === kind && !asking}
          onClick={() => {
            action.reset();
            if (CONFIRMED.includes(kind)) setAsking(kind);
            else run(kind);
          }}
          aria-label={t(`adminPeople.actionNamed.${kind}`, { name })}
        >
          {t(`adminPeople.action.${kind}`)}
        </Button>
      ))}
      <PersonalDataActions viewer={viewer} target={target} />
      <ConfirmDialog
        isOpen={asking !== null}
        title={asking ? t(`adminPeople.confirm.${asking}Title`, { name }) : ''}
        description={asking ? t(`adminPeople.confirm.${asking}Text`, { name }) : ''}
        confirmLabel={asking ? t(`adminPeople.action.${asking}`) : ''}
        cancelLabel={t('adminPeople.cancel')}
        onConfirm={() => asking && run(asking)}
        onClose={() => setAsking(null)}
        isPending={action.isPending}
        error={action.error && asking ? <Alert tone="error">{action.error.message}</Alert> : undefined}
      />
    </div>
  );
}
