import { isOwnerId, readTableView } from './table-address';
import type { TableView } from './table-address';
import { fieldsTableLink } from './table-link';

/**
 * Where a fix opens: the /fix page, which opens one workflow from its address.
 * A find and replace carries the table's view (filters and search) in the table's
 * own words, so the /fix page reads it as the table does.
 */
export type FixTarget =
  | {
      workflow: 'cleanup';
      /** Opened set to delete the unused fields, archived ones too (the audit's "archived and unused"). */
      deleteArchivedToo?: true;
    }
  | { workflow: 'merge'; finding: 'exact-duplicates' | 'near-duplicates'; group: string }
  | { workflow: 'remap'; dataSource: string; column: string }
  | { workflow: 'handover'; from: number }
  | { workflow: 'replace'; view: Partial<TableView> }
  | { workflow: 'replace'; ids: readonly number[] };

/** The most selected fields an address carries (a few kB); more are chosen by filters. */
export const FIX_IDS_MAX = 1000;

export function fixLink(target: FixTarget): string {
  if (target.workflow === 'replace' && 'ids' in target) {
    return `/fix?workflow=replace&ids=${target.ids.join(',')}`;
  }
  if (target.workflow === 'cleanup') {
    return target.deleteArchivedToo
      ? '/fix?workflow=cleanup&action=delete&includeArchived=true'
      : '/fix?workflow=cleanup';
  }
  if (target.workflow === 'replace') {
    // The view's page and sort mean nothing to a replace over all its matches.
    const { page: _page, pageSize: _size, sort: _sort, ...view } = target.view;
    const tableSearch = fieldsTableLink(view).split('?')[1];
    return `/fix?workflow=replace${tableSearch ? `&${tableSearch}` : ''}`;
  }
  const params =
    target.workflow === 'handover'
      ? { workflow: target.workflow, from: String(target.from) }
      : target;
  return `/fix?${new URLSearchParams(params).toString()}`;
}

/** What an address asks the /fix page for, or why it names no fix. */
export function readFixTarget(address: URLSearchParams): FixTarget | { refused: string } {
  const workflow = address.get('workflow');
  if (workflow === 'cleanup') {
    const archivedToo =
      address.get('action') === 'delete' && address.get('includeArchived') === 'true';
    return archivedToo ? { workflow, deleteArchivedToo: true } : { workflow };
  }
  if (workflow === 'merge') {
    const finding = address.get('finding');
    const group = address.get('group');
    if ((finding === 'exact-duplicates' || finding === 'near-duplicates') && group)
      return { workflow, finding, group };
    return { refused: 'A merge needs a duplicates finding and one of its groups.' };
  }
  if (workflow === 'remap') {
    const dataSource = address.get('dataSource');
    const column = address.get('column');
    if (dataSource && column) return { workflow, dataSource, column };
    return { refused: 'A remap needs a data source and a column.' };
  }
  if (workflow === 'handover') {
    const from = address.get('from') ?? '';
    if (isOwnerId(from)) return { workflow, from: Number(from) };
    return { refused: 'A hand-over needs the id of the owner whose fields are handed over.' };
  }
  if (workflow === 'replace' && address.has('ids')) {
    const ids = (address.get('ids') ?? '').split(',');
    if (ids.length <= FIX_IDS_MAX && ids.every((id) => /^[1-9]\d{0,15}$/.test(id)))
      return { workflow, ids: ids.map(Number) };
    return {
      refused: `A find and replace over chosen fields needs 1 to ${FIX_IDS_MAX} field ids separated by commas.`,
    };
  }
  if (workflow === 'replace') return { workflow, view: readTableView(address) };
  return {
    refused:
      'This address names no fix: the fixes are cleanup, merge, remap, handover and replace.',
  };
}
