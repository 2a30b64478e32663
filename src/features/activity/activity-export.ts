import { csvFile } from '../../contract/csv';
import type { ChangeSetSummary } from '../../contract/journal';
import type { DownloadableFile, ExportFormat } from '../../components/download-file';
import { datedFileName } from '../../components/download-file';

const header = [
  'id',
  'kind',
  'person',
  'created',
  'finished',
  'state',
  'note',
  'items',
  'applied',
  'failed',
  'skipped',
  'undoOf',
  'undoneBy',
];

/** The change sets as CSV (the project's cell rule) or as the API answered them (JSON). */
export function activityFile(
  format: ExportFormat,
  changeSets: readonly ChangeSetSummary[],
  now: Date,
): DownloadableFile {
  const name = datedFileName('change-sets', format, now);
  if (format === 'json') {
    return { name, type: 'application/json', content: `${JSON.stringify(changeSets, null, 2)}\n` };
  }
  const rows = changeSets.map((set) => [
    set.id,
    set.kind,
    set.person,
    new Date(set.createdAt).toISOString(),
    set.finishedAt === null ? '' : new Date(set.finishedAt).toISOString(),
    set.state,
    set.note ?? '',
    set.counts.total,
    set.counts.applied,
    set.counts.failed,
    set.counts.skipped,
    set.undoOf ?? '',
    set.undoneBy ?? '',
  ]);
  return {
    name,
    type: 'text/csv;charset=utf-8',
    content: csvFile([header, ...rows]),
  };
}
