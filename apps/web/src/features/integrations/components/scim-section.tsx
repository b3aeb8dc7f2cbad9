import type { ScimToken, ScimTokensResponse } from '@rally/shared';
import { Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { showToast } from '../../../lib/toast';
import { useCreateScimToken, useRevokeScimToken } from '../api/scim';
import { CredentialRow, OneTimeSecret } from './credential-parts';

/**
 * Provisioning on the Integrations tab (issue 24): the company's identity provider (Microsoft Entra ID, Okta…)
 * creates, updates and deactivates members and keeps their teams in step through SCIM 2.0, with a token made here.
 */
export function ScimSection({ userId, data }: { userId: string; data: ScimTokensResponse }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const create = useCreateScimToken(userId);
  const revoke = useRevokeScimToken(userId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: (answer) => {
          setCreated({ name: answer.scim_token.name, token: answer.token });
          setName('');
        },
      },
    );
  };

  return (
    <Card id="provisioning" className="scroll-mt-24 space-y-6 p-4 sm:p-6">
      <div>
        <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Users aria-hidden className="size-5 text-slate-500" />
          {t('integrations.scim.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t('integrations.scim.description')}</p>
      </div>

      <div className="rounded-xl bg-slate-50 p-4 text-sm">
        <p className="font-medium text-slate-800">{t('integrations.scim.baseUrl')}</p>
        {data.base_url ? (
          <p className="mt-1 font-mono break-all text-slate-700" data-testid="scim-base-url">
            {data.base_url}
          </p>
        ) : (
          <p className="mt-1 text-slate-600">{t('integrations.sso.noDomain')}</p>
        )}
      </div>

      {created && (
        <OneTimeSecret
          title={t('integrations.apiKeys.createdTitle', { name: created.name })}
          text={t('integrations.scim.createdText')}
          secret={created.token}
          testId="new-scim-token"
          copyLabel={t('integrations.scim.copyLabel')}
          copyText={t('integrations.scim.copy')}
          onDone={() => setCreated(null)}
        />
      )}

      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label={t('integrations.scim.name')} hint={t('integrations.scim.nameHint')}>
          {(control) => (
            <Input {...control} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Button type="submit" isLoading={create.isPending}>
          {t('integrations.scim.create')}
        </Button>
        {create.isError && <Alert tone="error">{create.error.message}</Alert>}
      </form>

      <div>
        <h4 className="text-sm font-semibold text-slate-900">{t('integrations.scim.list')}</h4>
        {data.scim_tokens.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('integrations.scim.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={t('integrations.scim.list')}>
            {data.scim_tokens.map((token) => (
              <CredentialRow key={token.id} credential={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('integrations.apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('integrations.scim.revokeText')}
        confirmLabel={t('integrations.apiKeys.revoke')}
        cancelLabel={t('integrations.sso.cancel')}
        isPending={revoke.isPending}
        error={revoke.isError ? revoke.error.message : undefined}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              showToast(t('integrations.apiKeys.revokedToast', { name: revoking.name }));
              setRevoking(null);
            },
          })
        }
      />
    </Card>
  );
}
