import type { CycleMembership } from '../../../../analysis/reference-cycles';
import type { Finding } from '../finding';
import { byGroupSize, groupIds } from '../finding';
import { FindingGroups } from '../finding-groups';
import type { RuleInput } from '../finding-context';

/**
 * Each field's depth: 0 when it references no field, otherwise one more than the
 * deepest field it references. The fields of a reference cycle (`cycles`: those that
 * nest one another, directly or through others) all get the number of fields in the
 * cycle, the way round it, plus the depth of the deepest field the cycle nests outside
 * it: no field of a cycle is deeper than another, whichever the walk meets first. A
 * field nesting itself is a cycle of one. No recursion: chains can be as long as the
 * instance is large.
 */
export function nestingDepths(
  references: ReadonlyMap<number, readonly number[]>,
  cycles: ReadonlyMap<number, CycleMembership>,
): Map<number, number> {
  // A cycle is walked as one node, named by its lowest id, with the references of all its fields.
  const nodeOf = (id: number) => cycles.get(id)?.some[0] ?? id;
  const members = new Map<number, number[]>();
  for (const id of cycles.keys()) {
    const node = nodeOf(id);
    const fields = members.get(node);
    if (fields) fields.push(id);
    else members.set(node, [id]);
  }
  const targetsOf = (node: number) => {
    const fields = members.get(node) ?? [node];
    const targets = new Set(fields.flatMap((id) => references.get(id) ?? []).map(nodeOf));
    targets.delete(node);
    return [...targets];
  };
  const nodeDepth = new Map<number, number>();
  // Only a cycle `cycles` does not know could lead back into the walk: ended there, as before.
  const walking = new Set<number>();
  for (const start of references.keys()) {
    const first = nodeOf(start);
    if (nodeDepth.has(first)) continue;
    const stack = [{ node: first, targets: targetsOf(first), next: 0, deepest: -1 }];
    walking.add(first);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next++]!;
        const known = nodeDepth.get(target);
        if (known !== undefined) frame.deepest = Math.max(frame.deepest, known);
        else if (!walking.has(target)) {
          walking.add(target);
          stack.push({ node: target, targets: targetsOf(target), next: 0, deepest: -1 });
        }
        continue;
      }
      stack.pop();
      walking.delete(frame.node);
      const size = cycles.get(frame.node)?.size;
      // Out of a cycle, its last step is the one out: the way round counts them all.
      const value =
        size === undefined
          ? frame.targets.length === 0
            ? 0
            : Math.max(frame.deepest, 0) + 1
          : size + Math.max(frame.deepest, 0);
      nodeDepth.set(frame.node, value);
      const parent = stack[stack.length - 1];
      if (parent) parent.deepest = Math.max(parent.deepest, value);
    }
  }
  const depth = new Map<number, number>();
  for (const [id, targets] of references) {
    depth.set(id, nodeDepth.get(nodeOf(id))!);
    for (const target of targets) depth.set(target, nodeDepth.get(nodeOf(target))!);
  }
  return depth;
}

/**
 * The longest chain down from a field: at each step, the referenced field that goes
 * deepest. In a cycle the chain goes round it, back to the field it entered by.
 */
export function deepestChain(
  id: number,
  references: ReadonlyMap<number, readonly number[]>,
  depth: ReadonlyMap<number, number>,
): number[] {
  const chain = [id];
  const seen = new Set(chain);
  let current = id;
  while ((depth.get(current) ?? 0) > 0) {
    const targets = references.get(current) ?? [];
    const next = targets
      .filter((target) => !seen.has(target))
      .sort((a, b) => (depth.get(b) ?? 0) - (depth.get(a) ?? 0) || a - b)[0];
    if (next === undefined) {
      const closing = chain.find((earlier) => targets.includes(earlier));
      if (closing !== undefined) chain.push(closing);
      break;
    }
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
  const depth = nestingDepths(references.nests, references.cycles);
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
