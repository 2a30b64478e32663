import { setImmediate } from 'node:timers/promises';
import type { ChangeKind, DiffCounts } from '../../../contract/audit';
import { isValidStatus } from '../../../contract/field';
import type { FieldFacts } from '../findings/field-facts';
import { loadFacts } from '../findings/load-facts';
import type { AuditStore } from '../storage/audit-store';

/** One field that differs between two snapshots, and the versions to show side by side. */
export interface ChangedField {
  id: number;
  name: string;
  kinds: ChangeKind[];
  beforeVersion?: number;
  afterVersion?: number;
}

export interface ScanDiff {
  from: number;
  to: number;
  counts: DiffCounts;
  /** In id order. */
  changes: ChangedField[];
}

/** The ways a field changed, from the facts of its two versions. */
export function changeKinds(before: FieldFacts, after: FieldFacts): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  const wasValid = isValidStatus(before.status);
  const isValid = isValidStatus(after.status);
  if (wasValid && !isValid) kinds.push('became-invalid');
  else if (!wasValid && isValid) kinds.push('fixed');
  if (!before.locked && after.locked) kinds.push('locked');
  else if (before.locked && !after.locked) kinds.push('unlocked');
  if (before.checkSum !== after.checkSum) kinds.push('expression');
  if (before.owner !== after.owner) kinds.push('owner');
  if (before.name !== after.name) kinds.push('renamed');
  // Anything else (links, flags, a status that stays invalid under another name).
  if (kinds.length === 0) kinds.push('other');
  return kinds;
}

const emptyCounts = (): DiffCounts => ({
  added: 0,
  removed: 0,
  'became-invalid': 0,
  fixed: 0,
  locked: 0,
  unlocked: 0,
  expression: 0,
  owner: 0,
  renamed: 0,
  other: 0,
  changed: 0,
});

/** Versions compared in batches, so a diff of two large scans never loads everything at once. */
const BATCH = 2000;

/**
 * What changed from one snapshot to another. Versions are stored once per
 * distinct state, so a field whose version id is the same in both did not change,
 * and only the others are read.
 */
export async function diffScans(
  store: AuditStore,
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
  scans: { from: number; to: number },
): Promise<ScanDiff> {
  const counts = emptyCounts();
  const changes: ChangedField[] = [];
  const differing: Array<{ id: number; beforeVersion?: number; afterVersion?: number }> = [];
  for (const [id, version] of after) {
    const previous = before.get(id);
    if (previous !== version)
      differing.push({ id, beforeVersion: previous, afterVersion: version });
  }
  for (const [id, version] of before) {
    if (!after.has(id)) differing.push({ id, beforeVersion: version });
  }
  differing.sort((a, b) => a.id - b.id);

  for (let start = 0; start < differing.length; start += BATCH) {
    // Other requests are answered between batches: a diff at 100,000 fields takes seconds.
    if (start > 0) await setImmediate();
    const batch = differing.slice(start, start + BATCH);
    const versions = batch
      .flatMap((entry) => [entry.beforeVersion, entry.afterVersion])
      .filter((id): id is number => id !== undefined);
    const stored = store.versions.facts(versions);
    const facts = loadFacts(store, stored);
    const byVersion = new Map(stored.map((entry, index) => [entry.versionId, facts[index]!]));
    for (const entry of batch) {
      const was =
        entry.beforeVersion === undefined ? undefined : byVersion.get(entry.beforeVersion);
      const is = entry.afterVersion === undefined ? undefined : byVersion.get(entry.afterVersion);
      const kinds: ChangeKind[] = !was ? ['added'] : !is ? ['removed'] : changeKinds(was, is);
      for (const kind of kinds) counts[kind] += 1;
      counts.changed += 1;
      changes.push({ ...entry, name: (is ?? was)?.name ?? '', kinds });
    }
  }
  return { ...scans, counts, changes };
}
