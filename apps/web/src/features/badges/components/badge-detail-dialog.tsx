import { type AdminBadge, RevokeBadgeRequestSchema, type User } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Badge as Pill } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PageLoader } from '../../../components/ui/page-loader';
import { showToast } from '../../../lib/toast';
import { formatDate } from '../../../utils/format-date';
import { useBadgeHolders, useRevokeBadge } from '../api/badge-awards';
import { AwardBadgeForm } from './award-badge-form';
import { BadgePicture } from './badge-picture';

interface Holder {
  id: string;
  name: string;
}

/** Taking a manual badge back: the reason, then a second, explicit press. */
function RevokeForm({
  user,
  badge,
  holder,
  onDone,
}: {
  user: User;
  badge: AdminBadge;
  holder: Holder;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const revoke = useRevokeBadge(user.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RevokeBadgeRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    revoke.mutate(
      { badgeId: badge.id, userId: holder.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          showToast(t('adminBadges.revoke.done', { name: holder.name, badge: badge.name }), {
            tone: 'success',
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="mt-2 space-y-2 rounded-lg bg-red-50 p-3">
      <p className="text-sm text-red-900">{t('adminBadges.revoke.confirm', { name: holder.name })}</p>
      {revoke.error && <Alert tone="error">{revoke.error.message}</Alert>}
      <Field label={t('adminBadges.revoke.reason')} error={error}>
        {(control) => (
          <Textarea {...control} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" isLoading={revoke.isPending}>
          {t('adminBadges.revoke.submit')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          {t('adminBadges.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A badge's holders (a page at a time), and for a manual badge: awarding and revoking by hand. */
export function BadgeDetailDialog({
  user,
  badge,
  canManage,
  onClose,
}: {
  user: User;
  badge: AdminBadge;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const holders = useBadgeHolders(user.id, badge.id);
  const [revoking, setRevoking] = useState<string | null>(null);
  const isManual = badge.criterion === 'manual';
  const rows = holders.data?.pages.flatMap((page) => page.awards) ?? [];
  return (
    <Modal
      isOpen
      onClose={onClose}
      size="lg"
      title={badge.name}
      description={isManual ? t('adminBadges.criteria.manual') : badge.summary}
      closeLabel={t('adminBadges.close')}
    >
      <div className="space-y-5">
        <div className="flex items-center gap-3">
          <BadgePicture
            name={badge.name}
            imageUrl={badge.image_url}
            alt={t('myBadges.imageAlt', { name: badge.name })}
            size={64}
          />
          {badge.description && <p className="text-sm text-slate-700">{badge.description}</p>}
        </div>
        {canManage && isManual && !badge.archived && <AwardBadgeForm user={user} badge={badge} />}
        <section aria-labelledby="badge-holders" className="space-y-2">
          <h3 id="badge-holders" className="text-sm font-semibold text-slate-900">
            {t('adminBadges.holdersHeading')}
          </h3>
          {holders.isPending && <PageLoader />}
          {holders.isError && <Alert tone="error">{holders.error.message}</Alert>}
          {holders.isSuccess && rows.length === 0 && (
            <p className="text-sm text-slate-600">{t('adminBadges.noHolders')}</p>
          )}
          <ul className="divide-y divide-slate-200">
            {rows.map((row) => (
              <li key={row.user.id} className="py-2.5">
                <div className="flex flex-wrap items-center gap-3">
                  <Avatar imageUrl={row.user.image_url} name={row.user.display_name} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{row.user.display_name}</p>
                    <p className="text-xs text-slate-600">
                      {t('myBadges.earnedOn', { date: formatDate(row.earned_at, i18n.language) })}
                      {row.reason && ` · ${row.reason}`}
                    </p>
                  </div>
                  {row.tier && <Pill tone="brand">{t(`myBadges.tiers.${row.tier}`)}</Pill>}
                  {canManage && row.manual && revoking !== row.user.id && (
                    <Button variant="ghost" size="sm" onClick={() => setRevoking(row.user.id)}>
                      {t('adminBadges.revoke.open')}
                      <span className="sr-only">
                        {t('adminBadges.revoke.from', { name: row.user.display_name })}
                      </span>
                    </Button>
                  )}
                </div>
                {revoking === row.user.id && (
                  <RevokeForm
                    user={user}
                    badge={badge}
                    holder={{ id: row.user.id, name: row.user.display_name }}
                    onDone={() => setRevoking(null)}
                  />
                )}
              </li>
            ))}
          </ul>
          {holders.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              isLoading={holders.isFetchingNextPage}
              onClick={() => void holders.fetchNextPage()}
            >
              {t('adminBadges.loadMore')}
            </Button>
          )}
        </section>
      </div>
    </Modal>
  );
}
