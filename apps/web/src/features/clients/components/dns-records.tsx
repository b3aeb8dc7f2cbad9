import type { DnsRecord } from '@rally/shared';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { copyWithToast } from '../../../lib/copy';

/** One value of a record with its copy button (the button's name says which value it copies). */
function CopyValue({ label, value, what }: { label: string; value: string; what: string }) {
  const { t } = useTranslation();
  const copyLabel = t('adminGeneral.domains.copyWhat', { what });
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-800">
          {value}
        </code>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          aria-label={copyLabel}
          onClick={() => void copyWithToast(value, what)}
        >
          <Copy aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('adminGeneral.domains.copy')}</span>
        </Button>
      </dd>
    </div>
  );
}

/** The DNS records a domain needs, each with its type, name and value to copy into the DNS provider's form. */
export function DnsRecords({ records, host }: { records: DnsRecord[]; host: string }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" aria-label={t('adminGeneral.domains.recordsLabel', { host })}>
      {records.map((record) => (
        <li key={record.type} className="rounded-xl border border-slate-200 p-3">
          <p className="mb-2 text-sm font-semibold text-slate-800">
            {t(`adminGeneral.domains.record.${record.purpose}`, { type: record.type })}
          </p>
          <dl className="grid gap-3 md:grid-cols-2">
            <CopyValue
              label={t('adminGeneral.domains.recordName')}
              value={record.name}
              what={t('adminGeneral.domains.whatName', { type: record.type })}
            />
            <CopyValue
              label={t('adminGeneral.domains.recordValue')}
              value={record.value}
              what={t('adminGeneral.domains.whatValue', { type: record.type })}
            />
          </dl>
        </li>
      ))}
    </ul>
  );
}
