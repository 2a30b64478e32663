/** Fields a sentence names by id; the rest are counted. */
const NAMED = 3;

/**
 * "field 12", "fields 12 and 13", "fields 12, 13, 15 and 2 more": the fields of `ids`
 * other than `self` (`ids` holds it and at least one other), the first few in their order, the rest
 * counted. Walks only as far as it names, so a note per field of a large group stays cheap.
 */
export function otherFieldsNamed(ids: readonly number[], self: number): string {
  const named: number[] = [];
  for (const id of ids) {
    if (named.length === NAMED) break;
    if (id !== self) named.push(id);
  }
  const more = ids.length - 1 - named.length;
  if (named.length === 1) return `field ${named[0]}`;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `fields ${list}`;
}
