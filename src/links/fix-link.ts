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
  | { workflow: 'replace'; ids: readonly number[] }
  | { workflow: 'hidden-names'; group?: string; ids?: readonly number[] };

/** The most selected fields an address carries (a few kB); more are chosen by filters. */
export const FIX_IDS_MAX = 1000;

export function fixLink(target: FixTarget): string {
  if (target.workflow === 'replace') {
    if ('ids' in target) return idsLink(target.workflow, target.ids);
    // The view's page and sort mean nothing to a replace over all its matches.
    const { page: _page, pageSize: _size, sort: _sort, ...view } = target.view;
    const tableSearch = fieldsTableLink(view).split('?')[1];
    return `/fix?workflow=replace${tableSearch ? `&${tableSearch}` : ''}`;
  }
  if (target.workflow === 'hidden-names' && target.ids) return idsLink(target.workflow, target.ids);
  return `/fix?${new URLSearchParams(fixParams(target)).toString()}`;
}

const idsLink = (workflow: string, ids: readonly number[]) =>
  `/fix?workflow=${workflow}&ids=${ids.join(',')}`;

function fixParams(target: Exclude<FixTarget, { workflow: 'replace' }>): Record<string, string> {
  if (target.workflow === 'handover')
    return { workflow: target.workflow, from: String(target.from) };
  if (target.workflow === 'hidden-names') {
    return {
      workflow: target.workflow,
      ...(target.group !== undefined && { group: target.group }),
    };
  }
  if (target.workflow === 'cleanup') {
    return {
      workflow: target.workflow,
      ...(target.deleteArchivedToo && { action: 'delete', includeArchived: 'true' }),
    };
  }
  return target;
}

/**
 * What an address asks the /fix page for, `index` when it names none (the page then
 * lists the fixes), or why it names no fix it knows.
 */
export function readFixTarget(
  address: URLSearchParams,
): FixTarget | { index: true } | { refused: string } {
  const workflow = address.get('workflow');
  if (workflow === null) return { index: true };
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
    const ids = readIds(address);
    return ids
      ? { workflow, ids }
      : { refused: `A find and replace over chosen fields needs ${IDS_WORDS}.` };
  }
  if (workflow === 'replace') return { workflow, view: readTableView(address) };
  if (workflow === 'hidden-names') return readHiddenNames(address);
  return {
    refused: 'This address names no fix that this app knows; the fixes are listed below.',
  };
}

const IDS_WORDS = `1 to ${FIX_IDS_MAX} field ids separated by commas`;

/** The address's `ids`, when they are 1 to FIX_IDS_MAX field ids. */
function readIds(address: URLSearchParams): number[] | undefined {
  const ids = (address.get('ids') ?? '').split(',');
  return ids.length <= FIX_IDS_MAX && ids.every((id) => /^[1-9]\d{0,15}$/.test(id))
    ? ids.map(Number)
    : undefined;
}

/** The whole finding "Hidden characters in names", one of its groups, or chosen fields. */
function readHiddenNames(address: URLSearchParams): FixTarget | { refused: string } {
  const workflow = 'hidden-names';
  if (address.has('ids')) {
    const ids = readIds(address);
    return ids
      ? { workflow, ids }
      : { refused: `Removing hidden characters from chosen fields needs ${IDS_WORDS}.` };
  }
  const group = address.get('group');
  return group ? { workflow, group } : { workflow };
}
