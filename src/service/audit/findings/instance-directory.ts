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
}
