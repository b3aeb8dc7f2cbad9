import type { ReportExportFormat } from '@rally/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { showToast } from '../../../lib/toast';
import { downloadReportFile, getReportExport, saveBlob, startReportExport } from '../api/report-exports';
import { exportTaskGroup } from '../utils/export-task';
import type { ReportView } from '../utils/report-params';

/**
 * Export CSV / XLSX: starts the export on the server, follows it in the progress banner (ordered steps, percent)
 * and then downloads the file. A failure shows the server's message in a long toast (SPEC 4).
 */
export function ExportButtons({ view }: { view: ReportView }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<ReportExportFormat | null>(null);
  const report = t(`adminReporting.reports.${view.report}`);
  const handleExport = async (format: ReportExportFormat) => {
    setRunning(format);
    try {
      const started = await startReportExport(view.report, {
        ...view.filters,
        format,
        sort: view.sort,
        dir: view.dir,
      });
      await enqueueTaskGroup(
        exportTaskGroup({
          name: t('adminReporting.export.group', { report, format: format.toUpperCase() }),
          stepNames: {
            read: t('adminReporting.export.stepRead'),
            write: t('adminReporting.export.stepWrite'),
            store: t('adminReporting.export.stepStore'),
            download: t('adminReporting.export.stepDownload'),
          },
          slowMessage: t('adminReporting.export.slow'),
          read: () => getReportExport(view.report, started.id),
          download: async (done) => {
            const fileName = `${view.report}-report-${new Date().toISOString().slice(0, 10)}.${format}`;
            saveBlob(await downloadReportFile(done.download_url!), fileName);
            showToast(t('adminReporting.export.done', { fileName }), { tone: 'success' });
          },
        }),
      );
    } catch (error) {
      showToast((error as Error).message, { tone: 'error', duration: 'long' });
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          onClick={() => void handleExport(format)}
          isLoading={running === format}
          disabled={running !== null}
        >
          <Download aria-hidden className="size-4" />
          {t(`adminReporting.export.${format}`)}
        </Button>
      ))}
    </div>
  );
}
