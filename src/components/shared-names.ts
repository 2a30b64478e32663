/**
 * The names more than one of `fields` has. Duplicates often share their name: each
 * such field is then shown with its id wherever they are listed together (a merge, a
 * hand-over, the drawer's other copies), so the person knows which one is meant.
 */
export function sharedNames(fields: ReadonlyArray<{ name: string }>): ReadonlySet<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const { name } of fields) {
    if (seen.has(name)) shared.add(name);
    seen.add(name);
  }
  return shared;
}

/** "Revenue (field 12)" when another field shown beside it is named "Revenue" too. */
export function nameWithId(field: { id: number; name: string }, shared: ReadonlySet<string>) {
  return shared.has(field.name) ? `${field.name} (field ${field.id})` : field.name;
}
