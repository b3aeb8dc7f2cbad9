import type { SamlIdp, SamlSp } from '@rally/shared';
import { Download } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { formatDate } from '../../../utils/format-date';

/** A certificate that runs out within this many days is flagged, so the admin renews it before sign-in stops. */
const EXPIRY_WARNING_DAYS = 30;

/** What to give the identity provider about the app: its entity ID, its reply address, and its metadata file. */
export function SamlServiceProvider({ sp }: { sp: SamlSp }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-3">
      <div>
        <dt className="font-medium text-slate-800">{t('integrations.sso.saml.entityId')}</dt>
        <dd className="mt-1 break-all font-mono text-slate-700">{sp.entity_id}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-800">{t('integrations.sso.saml.acsUrl')}</dt>
        <dd className="mt-1 break-all font-mono text-slate-700">{sp.acs_url}</dd>
      </div>
      <div>
        <a
          href={sp.metadata_url}
          download="rally-saml-metadata.xml"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-text underline underline-offset-2"
        >
          <Download aria-hidden className="size-4" />
          {t('integrations.sso.saml.download')}
        </a>
      </div>
    </dl>
  );
}

/** The provider as last saved: who it is, where it signs in, and its certificates with their expiry. */
export function SamlProviderSummary({ idp }: { idp: SamlIdp }) {
  const { t, i18n } = useTranslation();
  const soon = Date.now() + EXPIRY_WARNING_DAYS * 86_400_000;
  return (
    <div className="rounded-xl border border-slate-200 p-4 text-sm">
      <p className="font-semibold text-slate-900">{t('integrations.sso.saml.provider')}</p>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="text-slate-600">{t('integrations.sso.saml.idpEntityId')}</dt>
          <dd className="break-all font-mono text-slate-800">{idp.entity_id}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('integrations.sso.saml.ssoUrl')}</dt>
          <dd className="break-all font-mono text-slate-800">{idp.sso_url}</dd>
        </div>
      </dl>
      <ul className="mt-3 space-y-2" aria-label={t('integrations.sso.saml.certificates')}>
        {idp.certificates.map((cert) => {
          const expires = formatDate(cert.expires_at, i18n.language);
          const isExpiring = new Date(cert.expires_at).getTime() < soon;
          return (
            <li key={cert.fingerprint} className="rounded-lg bg-slate-50 p-3">
              <p className="font-medium text-slate-800">{cert.subject}</p>
              <p className={isExpiring ? 'font-medium text-red-700' : 'text-slate-600'}>
                {isExpiring
                  ? t('integrations.sso.saml.expiresSoon', { date: expires })
                  : t('integrations.sso.saml.expires', { date: expires })}
              </p>
              <p className="break-all font-mono text-xs text-slate-600">{cert.fingerprint}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The provider's metadata: the address it is published at, or the XML itself (pasted or read from a file). */
export function SamlMetadataFields({
  url,
  xml,
  hasSaved,
  onUrl,
  onXml,
}: {
  url: string;
  xml: string;
  hasSaved: boolean;
  onUrl: (value: string) => void;
  onXml: (value: string) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onXml(await file.text());
    event.target.value = '';
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {hasSaved ? t('integrations.sso.saml.metadataKept') : t('integrations.sso.saml.metadataHint')}
      </p>
      <Field
        label={t('integrations.sso.saml.metadataUrl')}
        hint={<span className="[overflow-wrap:anywhere]">{t('integrations.sso.saml.metadataUrlHint')}</span>}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => onUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('integrations.sso.saml.metadataXml')}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            spellCheck={false}
            className="font-mono text-xs"
            value={xml}
            onChange={(e) => onXml(e.target.value)}
          />
        )}
      </Field>
      <div>
        <label
          htmlFor={fileId}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 focus-within:ring-2 focus-within:ring-brand hover:bg-slate-50"
        >
          {t('integrations.sso.saml.metadataFile')}
          <input
            id={fileId}
            type="file"
            accept=".xml,text/xml,application/xml"
            className="sr-only"
            onChange={onFile}
          />
        </label>
      </div>
    </div>
  );
}
