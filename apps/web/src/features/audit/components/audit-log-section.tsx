import type { AuditEntry, User } from '@rally/shared';
import { History, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { ShowMore } from '../../../components/ui/show-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAudit } from '../api/audit';

/** The actions the audit log names; others show their raw name. */
export const AUDIT_ACTIONS = [
  'user.access',
  'user.deactivate',
  'user.reactivate',
  'user.invite',
  'user.invite_resend',
  'user.invite_revoke',
  'user.invite_accept',
  'user.import',
  'user.export',
  'user.erase',
  'applicant.approve',
  'applicant.reject',
  'applicant.request_info',
  'applicant.export',
  'application.create',
  'application.update',
  'client.update',
  'client.custom_url',
  'client.strings',
  'client.domain_add',
  'client.domain_verify',
  'client.domain_primary',
  'client.domain_remove',
  'contract.publish',
  'chat.message.removed',
] as const;

const actionKey = (action: string) => `adminAudit.actions.${action.replaceAll('.', '_')}`;

/** What changed, from the row's data: "role: USER → ANALYST", the fields of a settings change, a version. */
function Details({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = entry.data.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes && typeof changes === 'object') {
    const show = (v: unknown) =>
      v === null || v === undefined || v === ''
        ? t('adminAudit.empty')
        : Array.isArray(v)
          ? t('adminAudit.count', { count: v.length })
          : typeof v === 'object'
            ? '…'
            : String(v);
    return (
      <ul className="space-y-0.5">
        {Object.entries(changes).map(([field, change]) => (
          <li key={field}>
            <span className="font-medium">{field}</span>: {show(change?.from)} → {show(change?.to)}
          </li>
        ))}
      </ul>
    );
  }
  const rest = Object.entries(entry.data).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  if (rest.length === 0) return null;
  return <p>{rest.map(([k, v]) => `${k}: ${v}`).join(', ')}</p>;
}

/** The admin Audit log: who changed what and when, newest first, filtered by action, actor and days, paged. */
export function AuditLogSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState('');
  const [actor, setActor] = useState<{ id: string; name: string } | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = useAudit(user.id, { action, actor: actor?.id ?? '', from, to });
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="space-y-4">
      <PageHeading title={t('adminAudit.heading')} description={t('adminAudit.intro')} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectListbox
          className="w-full sm:w-72"
          label={t('adminAudit.actionFilter')}
          value={action}
          onChange={setAction}
          options={[
            { value: '', label: t('adminAudit.allActions') },
            ...AUDIT_ACTIONS.map((value) => ({ value, label: t(actionKey(value)) })),
          ]}
        />
        <div className="grid w-full grid-cols-2 gap-2 sm:w-80">
          <Field label={t('adminAudit.from')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('adminAudit.to')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => setTo(e.target.value)}
              />
            )}
          </Field>
        </div>
        {actor && (
          <Button variant="secondary" size="sm" onClick={() => setActor(null)}>
            {t('adminAudit.byActor', { name: actor.name })}
            <X aria-hidden className="size-4" />
            <span className="sr-only">{t('adminAudit.clearActor')}</span>
          </Button>
        )}
      </div>
      {query.isPending ? (
        <div className="space-y-2" role="status" aria-label={t('adminAudit.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={History}
          title={t('adminAudit.emptyTitle')}
          description={t('adminAudit.emptyText')}
        />
      ) : (
        <>
          <Card>
            <ol aria-label={t('adminAudit.heading')} className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]"
                >
                  <time dateTime={entry.created_at} className="text-slate-500">
                    {when(entry.created_at)}
                  </time>
                  <div className="min-w-0 space-y-1 text-slate-800">
                    <p>
                      {entry.actor ? (
                        <button
                          type="button"
                          className="font-semibold text-slate-900 underline-offset-2 hover:underline"
                          onClick={() => setActor({ id: entry.actor!.id, name: entry.actor!.display_name })}
                          aria-label={t('adminAudit.filterByActor', { name: entry.actor.display_name })}
                        >
                          {entry.actor.display_name}
                        </button>
                      ) : (
                        <span className="font-semibold">{t('adminAudit.system')}</span>
                      )}{' '}
                      {i18n.exists(actionKey(entry.action)) ? t(actionKey(entry.action)) : entry.action}
                      {entry.target_name && (
                        <>
                          {' '}
                          <span className="font-medium">{entry.target_name}</span>
                        </>
                      )}
                    </p>
                    <div className="break-words text-slate-600">
                      <Details entry={entry} />
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          </Card>
          <ShowMore query={query} label={t('adminAudit.more')} />
        </>
      )}
    </div>
  );
}
