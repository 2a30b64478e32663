/**
 * "change set 12": how a change set is named in words, in the journal's refusals and
 * the links to it alike, so what a sentence names is what a link says.
 */
export function changeSetName(id: number): string {
  return `change set ${id}`;
}
