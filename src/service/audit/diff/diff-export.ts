import type { DiffAnswer, FieldChange } from '../../../contract/audit';
import { changeSetName } from '../../../contract/change-set-name';
import { CSV_BYTE_ORDER_MARK, csvLine } from '../../../contract/csv';
import { directoryFromJson } from '../findings/instance-directory';
import type { AuditStore } from '../storage/audit-store';
import type { Authored } from './change-authors';
import { withStates } from './diff-pages';
import type { ScanDiff } from './diff-scans';

/** Changes read from the store this many at a time while an export streams. */
const CHUNK = 500;

const csvHeader = [
  'ID',
  'Name',
  'Changes',
  'Name before',
  'Name after',
  'Owner before',
  'Owner ID before',
  'Owner after',
  'Owner ID after',
  'Status before',
  'Status after',
  'Locked before',
  'Locked after',
  'Expression before',
  'Expression after',
  'Changed by',
];

/** Owners by id, as the instance names them: empty where it names none. */
type OwnerNames = ReadonlyMap<number, string>;

function csvRow(change: FieldChange, owners: OwnerNames): string {
  const { before, after } = change;
  const pair = <T extends string | number | boolean>(
    pick: (state: NonNullable<FieldChange['before']>) => T,
  ) => [before ? pick(before) : '', after ? pick(after) : ''];
  // Each owner's name, then id, as the fields' export has them.
  const owner = (state: FieldChange['before']) =>
    state ? [owners.get(state.owner) ?? '', state.owner] : ['', ''];
  return csvLine([
    change.id,
    change.name,
    change.kinds.join('; '),
    ...pair((state) => state.name),
    ...owner(before),
    ...owner(after),
    ...pair((state) => state.status),
    ...pair((state) => state.locked),
    ...pair((state) => state.expression),
    (change.changedBy ?? [])
      .map(
        (author) =>
          `${author.person} at ${new Date(author.at).toISOString()} (${changeSetName(author.changeSetId)})`,
      )
      .join('; '),
  ]);
}

async function* chunksOf(store: AuditStore, diff: ScanDiff, authored: Authored) {
  for (let start = 0; start < diff.changes.length; start += CHUNK) {
    yield authored(withStates(store, diff.changes.slice(start, start + CHUNK)));
    // Lets other requests in between chunks of a large export.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Every change of a diff as CSV, one line per field, written as it is read. */
export async function* diffCsv(
  store: AuditStore,
  diff: ScanDiff,
  authored: Authored,
): AsyncGenerator<string> {
  yield `${CSV_BYTE_ORDER_MARK}${csvLine(csvHeader)}\r\n`;
  const directory = store.directory.read();
  const owners = directory === undefined ? new Map() : directoryFromJson(directory).owners;
  for await (const changes of chunksOf(store, diff, authored)) {
    yield changes.map((change) => `${csvRow(change, owners)}\r\n`).join('');
  }
}

/** Every change of a diff as one JSON document: the two scans, the counts and the changes. */
export async function* diffJson(
  store: AuditStore,
  diff: ScanDiff,
  answer: DiffAnswer,
  authored: Authored,
): AsyncGenerator<string> {
  yield `{"from":${JSON.stringify(answer.from)},"to":${JSON.stringify(answer.to)},"counts":${JSON.stringify(answer.counts)},"changes":[`;
  let first = true;
  for await (const changes of chunksOf(store, diff, authored)) {
    for (const change of changes) {
      yield `${first ? '' : ','}${JSON.stringify(change)}`;
      first = false;
    }
  }
  yield ']}';
}
