import { notifications } from '@mantine/notifications';
import type { TableSort } from '../../../links/table-address';
import { downloadFile } from '../../../components/download-file';
import { exportFile } from './export-file';
import type { ExportFormat } from './export-file';
import { fieldCount } from '../../../components/plural';
import { sortLikeServer } from './sort-like-server';
import { useCollectAllMatches } from '../../../api/calculated-fields/all-matches';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';

/**
 * Exports every match of the table's search, in the table's order. The records are
 * gathered in id order (the only order that pages reliably everywhere) and sorted
 * here the way the server sorts.
 */
export function useExportFields(search: MatchesSearch, sort: TableSort) {
  const { running, progress, collect, cancel } = useCollectAllMatches();

  const start = async (format: ExportFormat) => {
    try {
      const fields = await collect(search);
      if (!fields) return;
      const file = exportFile(format, sortLikeServer(fields, sort), new Date());
      downloadFile(file);
      notifications.show({
        color: 'green',
        title: 'Export ready',
        message: `${fieldCount(fields.length)} saved as ${file.name}.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The export failed',
        message: error instanceof Error ? error.message : 'The fields could not be gathered.',
        autoClose: 8000,
      });
    }
  };

  return { running, progress, start, cancel };
}
