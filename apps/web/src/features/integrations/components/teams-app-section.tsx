import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useClient } from '../../../lib/client';
import { useDownloadTeamsPackage } from '../api/msteams';

/** The file the package is saved as: the client's name in lower case, as the server names it. */
export const teamsPackageName = (clientName: string) =>
  `${
    clientName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'app'
  }-teams-app.zip`;

/**
 * Microsoft Teams on the Integrations tab (issue 24): the client's own Teams app, made from its name, colour and
 * logo, for its Teams admin to upload; members then open the app as a tab inside Teams.
 */
export function TeamsAppSection() {
  const { t } = useTranslation();
  const client = useClient();
  const download = useDownloadTeamsPackage();
  return (
    <Card id="microsoft-teams" className="scroll-mt-24 space-y-4 p-4 sm:p-6">
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t('integrations.teamsApp.title')}</h3>
        <p className="mt-1 text-sm text-slate-600">
          {t('integrations.teamsApp.description', { client: client.name })}
        </p>
      </div>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('integrations.teamsApp.step1')}</li>
        <li>{t('integrations.teamsApp.step2')}</li>
        <li>{t('integrations.teamsApp.step3', { client: client.name })}</li>
      </ol>
      {download.isError && <Alert tone="error">{download.error.message}</Alert>}
      <Button
        type="button"
        variant="secondary"
        isLoading={download.isPending}
        onClick={() => download.mutate(teamsPackageName(client.name))}
      >
        <Download aria-hidden className="size-4" />
        {t('integrations.teamsApp.download')}
      </Button>
    </Card>
  );
}
