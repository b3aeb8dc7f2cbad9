import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { copyWithToast } from '../../../lib/copy';
import { formatDate, formatDateTime, formatRelativeTime } from '../../../utils/format-date';

/** What the Integrations page shows of a stored credential (an API key, a SCIM token): never its secret. */
export interface Credential {
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/**
 * A credential's row: its name (and `badge`, such as what it may do), the first characters of its token, when it
 * was made, last used and revoked, and Revoke while it is live.
 */
export function CredentialRow({
  credential,
  badge,
  onRevoke,
}: {
  credential: Credential;
  badge?: ReactNode;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { name, prefix, created_at, last_used_at, revoked_at } = credential;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={revoked_at ? 'font-medium text-slate-500 line-through' : 'font-medium text-slate-900'}
          >
            {name}
          </span>
          {badge}
          {revoked_at && <Badge tone="danger">{t('integrations.apiKeys.revoked')}</Badge>}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          <span className="font-mono">{prefix}…</span>
          {' · '}
          {t('integrations.apiKeys.created', { date: formatDate(created_at, i18n.language) })}
          {' · '}
          {last_used_at ? (
            <time dateTime={last_used_at} title={formatDateTime(last_used_at, i18n.language)}>
              {t('integrations.apiKeys.lastUsed', { when: formatRelativeTime(last_used_at, i18n.language) })}
            </time>
          ) : (
            t('integrations.apiKeys.neverUsed')
          )}
          {revoked_at &&
            ` · ${t('integrations.apiKeys.revokedOn', { date: formatDate(revoked_at, i18n.language) })}`}
        </p>
      </div>
      {!revoked_at && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={t('integrations.apiKeys.revokeNamed', { name })}
          onClick={onRevoke}
        >
          {t('integrations.apiKeys.revoke')}
        </Button>
      )}
    </li>
  );
}

/** A secret just made (a token, a signing secret), with Copy and Done: the only time anyone sees it. */
export function OneTimeSecret({
  title,
  text,
  secret,
  testId,
  copyLabel,
  copyText,
  onDone,
}: {
  title: string;
  text: string;
  secret: string;
  testId: string;
  /** What the copy toast calls it ("API key"). */
  copyLabel: string;
  /** The copy button's text. */
  copyText: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="font-medium break-all text-emerald-900">{title}</p>
      <p className="text-sm text-emerald-900">{text}</p>
      <p className="rounded-lg bg-white p-3 font-mono text-sm break-all text-slate-900" data-testid={testId}>
        {secret}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={() => void copyWithToast(secret, copyLabel)}>
          <Copy aria-hidden className="size-4" />
          {copyText}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('integrations.apiKeys.done')}
        </Button>
      </div>
    </div>
  );
}
