import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useExportParticipations } from '../api/export-participations';
import type { ParticipationFilters } from '../api/query-keys';
import { getCsvFileName } from '../utils/csv-file-name';

interface ExportCsvButtonProps {
  filters: ParticipationFilters;
  projectName: string | null;
}

/** "Export CSV": downloads the filtered participations; a failure shows the server's message. */
export function ExportCsvButton({ filters, projectName }: ExportCsvButtonProps) {
  const { t } = useTranslation();
  const exportCsv = useExportParticipations();
  const handleClick = () => {
    const fileName = getCsvFileName({ ...filters, projectName });
    exportCsv.mutate(
      { filters, fileName },
      {
        onSuccess: () => showToast(t('participation.exported', { fileName }), { tone: 'success' }),
        onError: (error) => showToast(error.message, { tone: 'error', duration: 'long' }),
      },
    );
  };
  return (
    <Button variant="secondary" onClick={handleClick} isLoading={exportCsv.isPending}>
      <Download aria-hidden className="size-4" />
      {t('participation.exportCsv')}
    </Button>
  );
}
