import type { AdminBadge, User } from '@rally/shared';
import { Award, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoader } from '../../../components/ui/page-loader';
import { useUser } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import { useAdminBadges, useReorderBadges, useUpdateBadge } from '../api/admin-badges';
import { useRecomputeBanner } from '../hooks/use-recompute-banner';
import { BadgeDetailDialog } from './badge-detail-dialog';
import { BadgeFormDialog } from './badge-form-dialog';
import { BadgeRow } from './badge-row';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; badge: AdminBadge }
  | { kind: 'detail'; badge: AdminBadge }
  | { kind: 'archive'; badge: AdminBadge };

/** The live badges with one moved a place up (-1) or down (1): the ids PUT /api/admin/badges/order takes. */
export function movedOrder(live: readonly AdminBadge[], id: string, direction: -1 | 1): string[] {
  const ids = live.map((b) => b.id);
  const from = ids.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

function BadgesList({ user }: { user: User }) {
  const { t } = useTranslation();
  const query = useAdminBadges(user.id);
  const reorder = useReorderBadges(user.id);
  const update = useUpdateBadge(user.id);
  const followRecompute = useRecomputeBanner(user.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canManage = user.role === 'ADMIN';

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  const live = query.data.badges.filter((b) => !b.archived);
  const archived = query.data.badges.filter((b) => b.archived);

  const handleMove = (badge: AdminBadge, direction: -1 | 1) => {
    reorder.mutate(movedOrder(live, badge.id, direction), {
      onSuccess: () => showToast(t('adminBadges.moved', { name: badge.name }), { tone: 'success' }),
      onError: (error) => showToast(error.message, { tone: 'error', duration: 'long' }),
    });
  };
  const handleArchive = (badge: AdminBadge, archive: boolean) => {
    update.mutate(
      { id: badge.id, archived: archive },
      {
        onSuccess: ({ badge: saved }) => {
          setDialog(null);
          showToast(t(archive ? 'adminBadges.archived' : 'adminBadges.restored', { name: badge.name }), {
            tone: 'success',
          });
          if (!archive && saved.recompute_percent !== null) void followRecompute(saved);
        },
        onError: (error) => {
          if (!archive) showToast(error.message, { tone: 'error', duration: 'long' });
        },
      },
    );
  };
  const renderRows = (badges: AdminBadge[]) => (
    <ul className="divide-y divide-slate-200">
      {badges.map((badge, index) => (
        <li key={badge.id}>
          <BadgeRow
            badge={badge}
            canManage={canManage}
            isFirst={index === 0}
            isLast={index === badges.length - 1}
            isMoving={reorder.isPending}
            onMove={(direction) => handleMove(badge, direction)}
            onEdit={() => setDialog({ kind: 'edit', badge })}
            onOpen={() => setDialog({ kind: 'detail', badge })}
            onArchive={() => setDialog({ kind: 'archive', badge })}
            onRestore={() => handleArchive(badge, false)}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('adminBadges.heading')}
        description={t('adminBadges.intro')}
        action={
          canManage && (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <Plus aria-hidden className="size-4" />
              {t('adminBadges.new')}
            </Button>
          )
        }
      />
      {live.length === 0 && archived.length === 0 ? (
        <EmptyState
          icon={Award}
          title={t('adminBadges.emptyTitle')}
          description={t('adminBadges.emptyText')}
        />
      ) : (
        <>
          <section aria-labelledby="badges-live" className="space-y-2">
            <h2 id="badges-live" className="text-base font-semibold text-slate-900">
              {t('adminBadges.liveHeading')}
            </h2>
            <p className="text-sm text-slate-600">{t('adminBadges.orderHint')}</p>
            {live.length > 0 ? (
              <Card className="p-0">{renderRows(live)}</Card>
            ) : (
              <p className="text-sm text-slate-600">{t('adminBadges.noLive')}</p>
            )}
          </section>
          {archived.length > 0 && (
            <section aria-labelledby="badges-archived" className="space-y-2">
              <h2 id="badges-archived" className="text-base font-semibold text-slate-900">
                {t('adminBadges.archivedHeading')}
              </h2>
              <Card className="p-0">{renderRows(archived)}</Card>
            </section>
          )}
        </>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <BadgeFormDialog
          key={dialog.kind === 'edit' ? dialog.badge.id : 'new'}
          user={user}
          badge={dialog.kind === 'edit' ? dialog.badge : null}
          onClose={() => setDialog(null)}
          onRecompute={(badge) => void followRecompute(badge)}
        />
      )}
      {dialog?.kind === 'detail' && (
        <BadgeDetailDialog
          user={user}
          badge={dialog.badge}
          canManage={canManage}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'archive'}
        title={dialog?.kind === 'archive' ? t('adminBadges.archiveTitle', { name: dialog.badge.name }) : ''}
        description={t('adminBadges.archiveText')}
        confirmLabel={t('adminBadges.archive')}
        cancelLabel={t('adminBadges.cancel')}
        isPending={update.isPending}
        error={update.error?.message}
        onConfirm={() => dialog?.kind === 'archive' && handleArchive(dialog.badge, true)}
        onClose={() => {
          update.reset();
          setDialog(null);
        }}
      />
    </div>
  );
}

/** /admin/badges (ADMIN only, SPEC 6): create, edit, order, archive and award badges. */
export function AdminBadgesPage() {
  const user = useUser();
  return user ? <BadgesList user={user} /> : null;
}
