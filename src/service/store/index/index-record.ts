/** What the index keeps of one field: what filters and sorting read. */
export interface IndexRecord {
  id: number;
  nameKey: string;
  owner: number;
  status: string;
  created: number;
  lastModified: number;
  locked: boolean;
  archived: boolean;
  global: boolean;
  variable: boolean;
  hidden: boolean;
  aggregated: boolean;
  hasInvalidLink: boolean;
  hasActiveLink: boolean;
  hasVisibleDataSource: boolean;
  hasActiveCard: boolean;
  dataSourceIds: readonly string[];
  cardIds: readonly string[];
  functions: readonly string[];
}

/** Orders read from SQLite's indexes: field ids sorted by each sort field, ties on id. */
export interface IndexOrders {
  created: readonly number[];
  lastModified: readonly number[];
}
