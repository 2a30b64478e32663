/**
 * What an instance knows besides its fields: who owners are, what each data
 * source is called and which columns it has, which data source each card is built
 * on. The embedded store knows all of it; a real instance may know none of it
 * (then findings name ids, and infer columns from the fields, docs/audit.md).
 */
export interface InstanceDirectory {
  owners: ReadonlyMap<number, string>;
  dataSources: ReadonlyMap<string, { name?: string; columns: readonly string[] }>;
  cards: ReadonlyMap<string, { title?: string; dataSourceId: string }>;
  /** Owners the instance reports inactive (production's `detail.active` false). */
  inactiveOwners?: readonly number[];
}

/** The directory as JSON text, for keeping it in the audit file. */
export function directoryJson(directory: InstanceDirectory): string {
  return JSON.stringify({
    owners: [...directory.owners],
    dataSources: [...directory.dataSources],
    cards: [...directory.cards],
    inactiveOwners: directory.inactiveOwners ?? [],
  });
}

export function directoryFromJson(json: string): InstanceDirectory {
  const parsed = JSON.parse(json) as {
    owners: Array<[number, string]>;
    dataSources: Array<[string, { name?: string; columns: string[] }]>;
    cards: Array<[string, { title?: string; dataSourceId: string }]>;
    inactiveOwners?: number[];
  };
  return {
    owners: new Map(parsed.owners),
    dataSources: new Map(parsed.dataSources),
    cards: new Map(parsed.cards),
    inactiveOwners: parsed.inactiveOwners ?? [],
  };
}
