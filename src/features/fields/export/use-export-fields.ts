import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import type { TableSort } from '../../../links/table-address';
import { downloadFile } from '../../../components/download-file';
import { exportFile } from './export-file';
import type { ExportFormat } from '../../../components/download-file';
import { fieldCount } from '../../../components/plural';
import { sortLikeServer } from './sort-like-server';
import { useCollectAllMatches } from '../../../api/calculated-fields/all-matches';
import type { GatherProgress, MatchesSearch } from '../../../api/calculated-fields/all-matches';
import type { SearchResultItem } from '../../../contract/field';
import type { ExportRecord } from './export-record';
import type { ReadOptions } from './read-export-records';
import { recordsOfIds, recordsOfMatches } from './read-export-records';

/** What to export: every match of the table's search, or the fields selected. */
export type ExportChoice = { format: ExportFormat } & (
  | { what: 'matching' }
  | { what: 'selected'; ids: readonly number[] }
);

/**
 * Exports every match of the table's search, or the selected fields, in the table's
 * order. Matches are gathered in id order (the only order that pages reliably
 * everywhere) and sorted here the way the server sorts; then each field is read for
 * its expression, and the owners, data sources and cards are named.
 */
export function useExportFields(search: MatchesSearch, sort: TableSort) {
  const client = useQueryClient();
  const gathering = useCollectAllMatches();
  const [reading, setReading] = useState<GatherProgress | null>();
  const current = useRef<AbortController>(undefined);

  const cancel = () => {
    gathering.cancel();
    current.current?.abort();
  };

  const records = async (
    choice: ExportChoice,
    options: ReadOptions,
  ): Promise<ExportRecord[] | undefined> => {
    const order = (fields: readonly SearchResultItem[]) => sortLikeServer(fields, sort);
    if (choice.what === 'selected') return recordsOfIds(choice.ids, order, client, options);
    const fields = await gathering.collect(search);
    if (!fields) return undefined;
    return recordsOfMatches(order(fields), client, options);
  };

  const start = async (choice: ExportChoice) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    try {
      setReading(null);
      const exported = await records(choice, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setReading(progress);
        },
      });
      if (!exported || controller.signal.aborted) return;
      // Every field of a finding is named after it; fields picked from it are a selection.
      const finding = choice.what === 'matching' ? search.scope?.key : undefined;
      const file = exportFile(choice.format, exported, new Date(), finding);
      downloadFile(file);
      notifications.show({
        color: 'green',
        title: 'Export ready',
        message: `${fieldCount(exported.length)} saved as ${file.name}.`,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      notifications.show({
        color: 'red',
        title: 'The export failed',
        message: error instanceof Error ? error.message : 'The fields could not be gathered.',
        autoClose: 8000,
      });
    } finally {
      if (current.current === controller) {
        current.current = undefined;
        setReading(undefined);
      }
    }
  };

  return {
    running: gathering.running || reading !== undefined,
    progress: gathering.running ? gathering.progress : (reading ?? null),
    /** Gathering the matches, then reading each field. */
    phase: gathering.running ? ('gathering' as const) : ('reading' as const),
    start,
    cancel,
  };
}
