/**
 * What the search index is built from, read from SQLite column by column rather
 * than row by row (which is several times faster at 100,000 fields). Positions are
 * numbered in name order (name, then id): position p is the field `ids[p]`.
 */
export interface IndexColumns {
  ids: Float64Array;
  nameKeys: string[];
  owners: Float64Array;
  created: Float64Array;
  lastModified: Float64Array;
  /** Each field's flags packed as bits, in the order of `flagBits`. */
  flags: Int32Array;
  statuses: string[];
  /** Owner id -> display name, for the owner sort (an owner missing here has none). */
  ownerNames: Map<number, string>;
  /** Each field's counts for the sorts by links, usage and problems (contract/copy-orders.ts). */
  copyCounts: { links: Int32Array; usage: Int32Array; problems: Int32Array };
  /** Field ids by value: function names, data-source ids, card ids. */
  fieldsByFunction: Map<string, number[]>;
  fieldsByDataSource: Map<string, number[]>;
  fieldsByCard: Map<string, number[]>;
  /** Referenced field id -> ids of the fields that reference it (nested references). */
  fieldsByReference: Map<number, number[]>;
  /** Field ids ascending, and sorted by created / last modified with ties on id. */
  idOrder: number[];
  createdOrder: number[];
  lastModifiedOrder: number[];
}

/** The stored 0/1 columns packed into `flags`, lowest bit first. */
export const flagBits = [
  'locked',
  'archived',
  'global',
  'variable',
  'hidden',
  'aggregated',
  'has_invalid_link',
  'has_active_link',
  'has_visible_data_source',
  'has_active_card',
] as const;
export type FlagBit = (typeof flagBits)[number];

export const bitOf = (flag: FlagBit) => 1 << flagBits.indexOf(flag);
