import type { ClientDomain, DomainStatus, User, VerifyDomainResponse } from '@rally/shared';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { formatDateTime } from '../../../utils/format-date';
import { useMakePrimaryDomain, useRemoveDomain, useVerifyDomain } from '../api/domains';
import { DnsRecords } from './dns-records';

const STATUS_TONE: Record<DomainStatus, BadgeTone> = {
  verified: 'success',
  pending: 'warning',
  failed: 'danger',
};

/** What the last "Verify now" found: the verdict, and a hint when the host does not lead to the app yet. */
function CheckResult({ check, appHost }: { check: VerifyDomainResponse['check']; appHost: string }) {
  const { t } = useTranslation();
  const routing = check.routing;
  return (
    <div className="space-y-2">
      <Alert tone={check.verified ? 'success' : 'error'}>
        <p>{check.message}</p>
      </Alert>
      {!routing.ok && !routing.error && (
        <Alert tone="warning">
          <p>
            {routing.found.length > 0
              ? t('adminGeneral.domains.routingElsewhere', {
                  host: routing.name,
                  appHost,
                  found: routing.found.join(', '),
                })
              : t('adminGeneral.domains.routingMissing', { host: routing.name, appHost })}
          </p>
        </Alert>
      )}
    </div>
  );
}

/** One custom domain: status, the records to create, Verify now, Make primary and Remove (confirmed). */
export function DomainCard({ user, domain, appHost }: { user: User; domain: ClientDomain; appHost: string }) {
  const { t, i18n } = useTranslation();
  const verify = useVerifyDomain(user.id);
  const primary = useMakePrimaryDomain(user.id);
  const remove = useRemoveDomain(user.id);
  const [asking, setAsking] = useState(false);
  const { host, display_host: name, abilities } = domain;
  const isVerified = domain.status === 'verified';
  const check = verify.data?.domain.host === host ? verify.data.check : undefined;

  return (
    <li className="space-y-4 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Globe aria-hidden className="size-5 shrink-0 text-slate-500" />
        <h4 className="min-w-0 break-all text-sm font-semibold text-slate-900">{name}</h4>
        <Badge tone={STATUS_TONE[domain.status]}>{t(`adminGeneral.domains.status.${domain.status}`)}</Badge>
        {domain.is_primary && <Badge tone="brand">{t('adminGeneral.domains.primary')}</Badge>}
      </div>
      {name !== host && (
        <p className="text-xs text-slate-500">{t('adminGeneral.domains.asciiName', { host })}</p>
      )}

      {isVerified ? (
        <p className="text-sm text-slate-600">
          {domain.verified_at
            ? t('adminGeneral.domains.servingSince', {
                date: formatDateTime(domain.verified_at, i18n.language),
              })
            : t('adminGeneral.domains.serving')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t(
              domain.status === 'failed'
                ? 'adminGeneral.domains.failedHelp'
                : 'adminGeneral.domains.pendingHelp',
            )}
          </p>
          <DnsRecords records={domain.records} host={name} />
          {domain.last_checked_at && !check && (
            <p className="text-sm text-slate-600">
              {t('adminGeneral.domains.lastChecked', {
                date: formatDateTime(domain.last_checked_at, i18n.language),
                result: domain.last_error ?? '',
              })}
            </p>
          )}
        </>
      )}
      {check && <CheckResult check={check} appHost={appHost} />}
      {verify.error && <Alert tone="error">{verify.error.message}</Alert>}
      {primary.error && <Alert tone="error">{primary.error.message}</Alert>}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {abilities.can_verify && (
          <Button
            variant={isVerified ? 'secondary' : 'primary'}
            size="sm"
            isLoading={verify.isPending}
            onClick={() => verify.mutate(host)}
          >
            {t('adminGeneral.domains.verify')}
          </Button>
        )}
        {abilities.can_make_primary && (
          <Button
            variant="secondary"
            size="sm"
            isLoading={primary.isPending}
            onClick={() =>
              primary.mutate(host, {
                onSuccess: () =>
                  showToast(t('adminGeneral.domains.madePrimary', { host: name }), { tone: 'success' }),
              })
            }
          >
            {t('adminGeneral.domains.makePrimary')}
          </Button>
        )}
        {abilities.can_remove && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              remove.reset();
              setAsking(true);
            }}
          >
            {t('adminGeneral.domains.remove')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={asking}
        title={t('adminGeneral.domains.removeTitle', { host: name })}
        description={t(
          isVerified ? 'adminGeneral.domains.removeVerified' : 'adminGeneral.domains.removePending',
        )}
        confirmLabel={t('adminGeneral.domains.removeConfirm')}
        cancelLabel={t('adminGeneral.domains.cancel')}
        isPending={remove.isPending}
        error={remove.error && <Alert tone="error">{remove.error.message}</Alert>}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(host, {
            onSuccess: () => {
              setAsking(false);
              showToast(t('adminGeneral.domains.removed', { host: name }), { tone: 'success' });
            },
          })
        }
      />
    </li>
  );
}
