/** A field's place in a reference cycle. */
export interface CycleMembership {
  /**
   * A closed walk that proves the cycle: the field's id first and last (`[a, b, a]`;
   * a field referencing itself gives `[a, a]`). Left out when the group of fields
   * referencing each other is too large to spell out a walk for each.
   */
  walk?: number[];
  /** How many fields reach each other (the strongly connected group). */
  size: number;
  /** The first few of them, in id order, to name when there is no walk. */
  some: number[];
}

/** Above this many fields in one group, walks are left out: each would be as long as the group. */
export const MAX_SPELLED_OUT_CYCLE = 64;
const SOME = 3;

/**
 * Fields whose references lead back to themselves, directly or through others.
 * `references` maps each field id to the ids its expression references directly.
 * Linear in the size of the graph for all but small groups, and without recursion,
 * so a long chain of references can neither exhaust the stack nor the memory.
 */
export function referenceCycles(
  references: ReadonlyMap<number, readonly number[]>,
): Map<number, CycleMembership> {
  const cycles = new Map<number, CycleMembership>();
  for (const component of stronglyConnectedComponents(references)) {
    const [root] = component;
    if (root === undefined) continue;
    const selfReference = references.get(root)?.includes(root) ?? false;
    if (component.length === 1 && !selfReference) continue;
    const size = component.length;
    const some = [...component].sort((a, b) => a - b).slice(0, SOME);
    if (size > MAX_SPELLED_OUT_CYCLE) {
      for (const id of component) cycles.set(id, { size, some });
      continue;
    }
    const members = new Set(component);
    const fromRoot = shortestPaths(root, members, (id) => references.get(id) ?? []);
    const reversed = reverseEdges(references, members);
    const toRoot = shortestPaths(root, members, (id) => reversed.get(id) ?? []);
    for (const id of component) {
      if (references.get(id)?.includes(id)) {
        cycles.set(id, { walk: [id, id], size, some });
        continue;
      }
      // id -> ... -> root, then root -> ... -> id (for the root: its way round).
      const back = pathTo(toRoot, id).reverse();
      const forth =
        id === root ? closingLoop(root, references, members, fromRoot) : pathTo(fromRoot, id);
      cycles.set(id, { walk: [...back, ...forth.slice(1)], size, some });
    }
  }
  return cycles;
}

/** Why a field in a cycle is INVALID, naming the cycle by its fields' names. */
export function cycleMessage(cycle: CycleMembership, nameOf: (id: number) => string): string {
  const quoted = (id: number) => `\`${nameOf(id)}\``;
  if (cycle.walk) {
    return `part of a reference cycle: ${cycle.walk.map(quoted).join(' → ')}; a field cannot depend on itself`;
  }
  return `part of a reference cycle among ${cycle.size} fields, including ${cycle.some.map(quoted).join(', ')}; a field cannot depend on itself`;
}

/** For the root: its shortest way round, from root back to root. */
function closingLoop(
  root: number,
  references: ReadonlyMap<number, readonly number[]>,
  members: ReadonlySet<number>,
  fromRoot: Map<number, number | undefined>,
): number[] {
  // Some member referenced from the cycle leads back to root; take the nearest one.
  let best: number[] | undefined;
  for (const id of members) {
    if (id === root || !(references.get(id) ?? []).includes(root)) continue;
    const path = [...pathTo(fromRoot, id), root];
    if (best === undefined || path.length < best.length) best = path;
  }
  return best ?? [root, root];
}

/** Breadth-first parents from `start`, staying inside `members`. */
function shortestPaths(
  start: number,
  members: ReadonlySet<number>,
  next: (id: number) => readonly number[],
): Map<number, number | undefined> {
  const parents = new Map<number, number | undefined>([[start, undefined]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head]!;
    for (const target of next(id)) {
      if (!members.has(target) || parents.has(target)) continue;
      parents.set(target, id);
      queue.push(target);
    }
  }
  return parents;
}

/** The path from the search's start to `id`, start first. */
function pathTo(parents: Map<number, number | undefined>, id: number): number[] {
  const path: number[] = [];
  let current: number | undefined = id;
  while (current !== undefined) {
    path.push(current);
    current = parents.get(current);
  }
  return path.reverse();
}

function reverseEdges(
  references: ReadonlyMap<number, readonly number[]>,
  members: ReadonlySet<number>,
): Map<number, number[]> {
  const reversed = new Map<number, number[]>();
  for (const id of members) {
    for (const target of references.get(id) ?? []) {
      if (!members.has(target)) continue;
      const sources = reversed.get(target);
      if (sources) sources.push(id);
      else reversed.set(target, [id]);
    }
  }
  return reversed;
}

/** Tarjan's algorithm with an explicit stack; components in no particular order. */
function stronglyConnectedComponents(
  references: ReadonlyMap<number, readonly number[]>,
): number[][] {
  const index = new Map<number, number>();
  const lowLink = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;

  for (const start of references.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ id: number; next: number }> = [{ id: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = references.get(frame.id) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next]!;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ id: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.id, Math.min(lowLink.get(frame.id)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.id, Math.min(lowLink.get(parent.id)!, lowLink.get(frame.id)!));
      if (lowLink.get(frame.id) === index.get(frame.id)) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        components.push(component);
      }
    }
  }
  return components;
}
