import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

/**
 * Each field's depth: 0 when it references no field, otherwise one more than the
 * deepest field it references. A reference back into a field still being walked
 * (a cycle) counts as depth 0, so cycles end the walk. No recursion: chains can
 * be as long as the instance is large.
 */
export function nestingDepths(
  references: ReadonlyMap<number, readonly number[]>,
): Map<number, number> {
  const depth = new Map<number, number>();
  const walking = new Set<number>();
  for (const start of references.keys()) {
    if (depth.has(start)) continue;
    const stack: Array<{ id: number; next: number; deepest: number }> = [
      { id: start, next: 0, deepest: 0 },
    ];
    walking.add(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const targets = references.get(frame.id) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        const known = depth.get(target);
        if (known !== undefined) frame.deepest = Math.max(frame.deepest, known + 1);
        else if (walking.has(target)) frame.deepest = Math.max(frame.deepest, 1);
        else {
          walking.add(target);
          stack.push({ id: target, next: 0, deepest: 0 });
        }
        continue;
      }
      stack.pop();
      walking.delete(frame.id);
      const value = targets.length === 0 ? 0 : Math.max(frame.deepest, 1);
      depth.set(frame.id, value);
      const parent = stack[stack.length - 1];
      if (parent) parent.deepest = Math.max(parent.deepest, value + 1);
    }
  }
  return depth;
}

/** The longest chain down from a field: at each step, the referenced field that goes deepest. */
export function deepestChain(
  id: number,
  references: ReadonlyMap<number, readonly number[]>,
  depth: ReadonlyMap<number, number>,
): number[] {
  const chain = [id];
  const seen = new Set(chain);
  let current = id;
  while ((depth.get(current) ?? 0) > 0) {
    const next = (references.get(current) ?? [])
      .filter((target) => !seen.has(target))
      .sort((a, b) => (depth.get(b) ?? 0) - (depth.get(a) ?? 0) || a - b)[0];
    if (next === undefined) break;
    chain.push(next);
    seen.add(next);
    current = next;
  }
  return chain;
}

/**
 * Fields that nest other fields, grouped by the depth of their longest chain: those
 * `references.nests` holds (every other field's depth is 0), ascending.
 */
export function nestedChains({ columns, references }: RuleInput): Finding {
  const depth = nestingDepths(references.nests);
  const nameOf = (id: number) => `\`${columns.nameOf(id) ?? id}\``;
  const notes = new Map<number, string>();
  const entries: Array<[string, number]> = [];
  for (const id of references.nests.keys()) {
    const level = depth.get(id) ?? 0;
    if (level === 0) continue;
    const chain = deepestChain(id, references.nests, depth);
    notes.set(id, `depth ${level}: ${chain.map(nameOf).join(' → ')}`);
    entries.push([String(level), id]);
  }
  const groups = [...groupIds(entries)]
    .map(([key, ids]) => ({ key, ids, depth: Number(key) }))
    .sort((a, b) => a.depth - b.depth || byGroupSize(a, b));
  return { key: 'nested', ids: [...notes.keys()], groups: FindingGroups.of(groups), notes };
}

/**
 * Fields that nest, directly or through others, a field in `broken` (invalid or
 * with a broken reference) or an id no field has (a deleted field), each with the
 * nearest such field as its cause.
 */
export function brokenDependencies(
  { columns, references }: RuleInput,
  broken: readonly number[],
): Finding {
  const causeOf = new Map<number, number>();
  const brokenSet = new Set(broken);
  const queued = new Set(broken);
  const queue = [...broken];
  for (const [id, unknown] of references.unknown) {
    causeOf.set(id, unknown[0]!);
    if (!queued.has(id)) {
      queued.add(id);
      queue.push(id);
    }
  }
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head]!;
    // A broken field is the nearest broken dependency of whatever nests it.
    const cause = brokenSet.has(id) ? id : causeOf.get(id)!;
    for (const source of references.referencedBy.get(id) ?? []) {
      if (source !== cause && !causeOf.has(source)) causeOf.set(source, cause);
      if (!queued.has(source)) {
        queued.add(source);
        queue.push(source);
      }
    }
  }
  const describe = (cause: number) => {
    const name = columns.nameOf(cause);
    return name !== undefined
      ? `depends on \`${name}\`, which is broken`
      : `depends on field ${cause}, which does not exist`;
  };
  const notes = new Map<number, string>();
  const entries: Array<[string, number]> = [];
  for (const id of [...causeOf.keys()].sort((a, b) => a - b)) {
    const cause = causeOf.get(id)!;
    notes.set(id, describe(cause));
    entries.push([String(cause), id]);
  }
  const groups = [...groupIds(entries)]
    .map(([key, ids]) => ({ key, ids, cause: Number(key) }))
    .sort(byGroupSize);
  return {
    key: 'broken-dependencies',
    ids: [...notes.keys()],
    groups: FindingGroups.of(groups),
    notes,
  };
}
