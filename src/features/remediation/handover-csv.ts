import { csvFile } from '../../contract/csv';
import type { WorkflowPreview } from '../../contract/workflows';

/**
 * The hand-over plan as CSV: field (its id first, as the fields' export has it: an
 * inactive owner's fields often share a name), where it lives, to whom, by which rule,
 * or why not.
 */
export function handoverCsv(preview: WorkflowPreview): string {
  const rows = preview.items.map((item) => [
    item.id,
    item.name,
    item.place ?? '',
    item.to ?? '',
    item.rule ?? '',
    item.reason ?? '',
  ]);
  return csvFile([
    ['ID', 'Field', 'Where it lives', 'To', 'Rule', 'Not handed over because'],
    ...rows,
  ]);
}
