/**
 * An owner the instance names, with their id: "Ada Lovelace (owner 101)". The audit's
 * groups of inactive owners, the owner picker and a change's words name an owner so.
 */
export const ownerNamedWithId = (name: string, id: number | string): string =>
  `${name} (owner ${id})`;
