/**
 * Where a fix opens: the /fix page, which opens one workflow from its address.
 * Only the workflows that need nothing but the address are named here.
 */
export type FixTarget =
  | { workflow: 'cleanup' }
  | { workflow: 'merge'; finding: 'exact-duplicates' | 'near-duplicates'; group: string }
  | { workflow: 'remap'; dataSource: string; column: string };

export function fixLink(target: FixTarget): string {
  return `/fix?${new URLSearchParams(target).toString()}`;
}
