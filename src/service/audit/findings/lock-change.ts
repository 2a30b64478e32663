import type { Findings } from './compute-findings';
import type { FieldFacts } from './field-facts';

/** What a lock changes in a field's facts. No rule reads either; the headline counts the locked. */
const changedByLock = new Set<string>(['locked', 'lastModified']);

/** True when `after` differs from `before` in its lock and when it was modified, and nothing else. */
export function onlyLockChanged(before: FieldFacts, after: FieldFacts): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof FieldFacts>;
  return [...keys].every(
    (key) => changedByLock.has(key) || JSON.stringify(before[key]) === JSON.stringify(after[key]),
  );
}

/** A field whose lock changed: its facts before the first change and after the last. */
export interface LockChange {
  before: FieldFacts;
  after: FieldFacts;
}

/**
 * The findings once some fields' locks changed, from the findings before, without
 * computing them again (seconds at 100,000 fields): every rule's answer stays, the
 * fields' facts are replaced and the headline's count of locked fields moves. The
 * fields are replaced once for all the changes: a copy per lock made a bulk lock at
 * 100,000 fields about 40 ms a field (bench/results/browser.md).
 * Each change must differ in the lock alone (onlyLockChanged).
 */
export function findingsAfterLocks(findings: Findings, changes: Iterable<LockChange>): Findings {
  const changed: Array<[number, FieldFacts]> = [];
  let lockedDelta = 0;
  for (const { before, after } of changes) {
    changed.push([after.id, after]);
    lockedDelta += Number(after.locked) - Number(before.locked);
  }
  const fields = findings.fields.with(changed);
  const locked = findings.headline.locked + lockedDelta;
  return { ...findings, fields, headline: { ...findings.headline, locked } };
}
