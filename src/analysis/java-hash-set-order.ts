// The service lists an expression's functions in the order production does:
// production collects them into a Java HashSet<String> and returns its iteration
// order. This file reproduces that order; docs/expressions.md explains it.

const INITIAL_CAPACITY = 16;
const LOAD_FACTOR = 0.75;

/** Java's String.hashCode: h = 31 * h + code unit, in 32-bit arithmetic. */
export function javaStringHashCode(text: string): number {
  let hash = 0;
  for (let index = 0; index < text.length; index += 1) {
    hash = (Math.imul(31, hash) + text.charCodeAt(index)) | 0;
  }
  return hash;
}

/**
 * The names in the order a Java HashSet filled with them (first appearance first)
 * iterates: by bucket `(h ^ (h >>> 16)) & (capacity - 1)`, ascending, and in one
 * bucket by insertion. The capacity starts at 16 and doubles whenever the count
 * exceeds three quarters of it; doubling keeps the insertion order inside buckets.
 */
export function javaHashSetOrder(namesInFirstAppearance: readonly string[]): string[] {
  const distinct = [...new Set(namesInFirstAppearance)];
  let capacity = INITIAL_CAPACITY;
  while (distinct.length > capacity * LOAD_FACTOR) capacity *= 2;
  const bucketOf = (name: string) => {
    const hash = javaStringHashCode(name);
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return distinct
    .map((name, insertion) => ({ name, insertion, bucket: bucketOf(name) }))
    .sort((a, b) => a.bucket - b.bucket || a.insertion - b.insertion)
    .map(({ name }) => name);
}
