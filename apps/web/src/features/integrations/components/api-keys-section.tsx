import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@rally/shared';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import { showToast } from '../../../lib/toast';
import { useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { CredentialRow, OneTimeSecret } from './credential-parts';

/**
 * API keys on the Integrations tab (issue 24): the client's own systems read its members and teams through the
 * public API (/api/v1) with a key. A key is named, reads or reads and writes, is shown once and can be revoked.
 */
export function ApiKeysSection({ userId, keys }: { userId: string; keys: ApiKey[] }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const create = useCreateApiKey(userId);
  const revoke = useRevokeApiKey(userId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scope },
      {
        onSuccess: (answer) => {
          setCreated({ name: answer.api_key.name, token: answer.token });
          setName('');
          setScope('read');
        },
      },
    );
  };

  return (
    <Card id="api-keys" className="scroll-mt-24 space-y-6 p-4 sm:p-6">
      <div>
        <h3 id="api-keys-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <KeyRound aria-hidden className="size-5 text-slate-500" />
          {t('integrations.apiKeys.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {t('integrations.apiKeys.description')}{' '}
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-text underline"
          >
            {t('integrations.apiKeys.docs')}
          </a>
        </p>
      </div>

      {created && (
        <OneTimeSecret
          title={t('integrations.apiKeys.createdTitle', { name: created.name })}
          text={t('integrations.apiKeys.createdText')}
          secret={created.token}
          testId="new-api-key"
          copyLabel={t('integrations.apiKeys.copyLabel')}
          copyText={t('integrations.apiKeys.copy')}
          onDone={() => setCreated(null)}
        />
      )}

      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="api-keys-new">
        <h4 id="api-keys-new" className="text-sm font-semibold text-slate-900">
          {t('integrations.apiKeys.new')}
        </h4>
        <Field label={t('integrations.apiKeys.name')} hint={t('integrations.apiKeys.nameHint')}>
          {(control) => (
            <Input {...control} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <RadioCards<ApiKeyScope>
          label={t('integrations.apiKeys.scope')}
          value={scope}
          onChange={setScope}
          options={API_KEY_SCOPES.map((value) => ({
            value,
            label: (
              <span>
                <span className="block font-medium">{t(`integrations.apiKeys.scopes.${value}`)}</span>
                <span className="block text-sm text-slate-600">
                  {t(`integrations.apiKeys.scopes.${value}Hint`)}
                </span>
              </span>
            ),
          }))}
        />
        {create.isError && <Alert tone="error">{create.error.message}</Alert>}
        <Button type="submit" isLoading={create.isPending}>
          {t('integrations.apiKeys.create')}
        </Button>
      </form>

      <div>
        <h4 className="text-sm font-semibold text-slate-900">{t('integrations.apiKeys.list')}</h4>
        {keys.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('integrations.apiKeys.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={t('integrations.apiKeys.list')}>
            {keys.map((apiKey) => (
              <CredentialRow
                key={apiKey.id}
                credential={apiKey}
                badge={
                  <Badge tone={apiKey.scope === 'read' ? 'info' : 'brand'}>
                    {t(`integrations.apiKeys.scopes.${apiKey.scope}`)}
                  </Badge>
                }
                onRevoke={() => setRevoking(apiKey)}
              />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('integrations.apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('integrations.apiKeys.revokeText')}
        confirmLabel={t('integrations.apiKeys.revoke')}
        cancelLabel={t('integrations.sso.cancel')}
        isPending={revoke.isPending}
        error={revoke.isError ? revoke.error.message : undefined}
        onClose={() => setRevoking(null)}
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
