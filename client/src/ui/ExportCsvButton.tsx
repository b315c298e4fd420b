import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from './toaster.tsx';

/** "Export CSV": busy while `download` fetches and saves the file; its failure is told in a toast. */
export function ExportCsvButton({ download, disabled }: { download: () => Promise<void>; disabled: boolean }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await download();
    } catch (error) {
      toaster.create({ type: 'error', title: t('common.exportFailed'), description: error instanceof Error ? error.message : undefined });
    }
    setExporting(false);
  }

  return (
    <Button variant="outline" loading={exporting} disabled={disabled} onClick={() => void exportCsv()}>
      {t('common.exportCsv')}
    </Button>
  );
}
