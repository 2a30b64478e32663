import { csvLine } from '../../contract/csv';
import type { WorkflowPreview } from '../../contract/workflows';

/** The hand-over plan as CSV: field, where it lives, to whom, by which rule, or why not. */
export function handoverCsv(preview: WorkflowPreview): string {
  const rows = preview.items.map((item) => [
    item.name,
    item.place ?? '',
    item.to ?? '',
    item.rule ?? '',
    item.reason ?? '',
  ]);
  return [
    csvLine(['Field', 'Where it lives', 'To', 'Rule', 'Not handed over because']),
    ...rows.map(csvLine),
  ]
    .join('\r\n')
    .concat('\r\n');
}

export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
