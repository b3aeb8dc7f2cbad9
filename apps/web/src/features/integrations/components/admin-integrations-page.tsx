import type { User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoader } from '../../../components/ui/page-loader';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { useApiKeys } from '../api/api-keys';
import { useScimTokens } from '../api/scim';
import { useSso, useSsoChoices } from '../api/sso';
import { useWebhooks } from '../api/webhooks';
import { ApiKeysSection } from './api-keys-section';
import { ScimSection } from './scim-section';
import { SsoSection } from './sso-section';
import { TeamsAppSection } from './teams-app-section';
import { WebhooksSection } from './webhooks-section';

/** The page's sections in order, by their ids (each section's card carries its id). */
const SECTIONS = [
  ['sso', 'integrations.sso.title'],
  ['provisioning', 'integrations.scim.title'],
  ['microsoft-teams', 'integrations.teamsApp.title'],
  ['api-keys', 'integrations.apiKeys.title'],
  ['channels', 'integrations.channels.title'],
  ['webhooks', 'integrations.webhooks.title'],
] as const;

function Integrations({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useClient();
  const sso = useSso(user.id);
  const choices = useSsoChoices(user.id);
  const apiKeys = useApiKeys(user.id);
  const webhooks = useWebhooks(user.id);
  const scim = useScimTokens(user.id);
  const failed = sso.error ?? choices.error ?? apiKeys.error ?? webhooks.error ?? scim.error;
  if (failed)
    return (
      <LoadFailed
        error={failed}
        onRetry={() => {
          void sso.refetch();
          void choices.refetch();
          void apiKeys.refetch();
          void webhooks.refetch();
          void scim.refetch();
        }}
      />
    );
  if (!sso.data || !choices.data || !apiKeys.data || !webhooks.data || !scim.data) return <PageLoader />;
  return (
    <div className="space-y-6">
      <PageHeading
        title={t('integrations.title')}
        description={t('integrations.description', { client: client.name })}
      />
      <nav aria-label={t('integrations.onThisPage')} className="flex flex-wrap gap-2">
        {SECTIONS.map(([id, key]) => (
          <a
            key={id}
            href={`#${id}`}
            className="rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-text hover:text-brand-text focus-visible:outline-2 focus-visible:outline-brand-text"
          >
            {t(key)}
          </a>
        ))}
      </nav>
      <SsoSection userId={user.id} data={sso.data} choices={choices.data} />
      <ScimSection userId={user.id} data={scim.data} />
      <TeamsAppSection />
      <ApiKeysSection userId={user.id} keys={apiKeys.data.api_keys} />
      <WebhooksSection userId={user.id} kind="channel" webhooks={webhooks.data.webhooks} />
      <WebhooksSection userId={user.id} kind="webhook" webhooks={webhooks.data.webhooks} />
    </div>
  );
}

/** /admin/integrations (ADMIN only, SPEC 6): the client's connections to its company's systems (issue 24). */
export function AdminIntegrationsPage() {
  const user = useUser();
  return user ? <Integrations user={user} /> : null;
}
