/** Share of fields in each state auditors look for; the demo aims at these proportions. */
export const demoMix = {
  locked: 0.12,
  archived: 0.05,
  variable: 0.08,
  global: 0.1,
  hidden: 0.04,
  invalidExpression: 0.03,
  missingColumn: 0.04,
  /** Fields whose expression names another calculated field of their data source. */
  nested: 0.05,
  /** Fields saved on no data source and no card. */
  noLinks: 0.05,
  /** Fields saved on a card only (no DATA_SOURCE link). */
  cardLinksOnly: 0.03,
  /** Of the fields with a DATA_SOURCE link, the share that is also used on cards. */
  alsoOnCards: 0.43,
  linkVisible: 0.92,
  linkActive: 0.85,
  /** Fields that are exact copies (name and expression) of an earlier one. */
  copyOfEarlier: 0.01,
  neverModified: 0.3,
} as const;

export const cacheWindowWeights: readonly (readonly [string, number])[] = [
  ['day', 80],
  ['hour', 12],
  ['none', 8],
];

/** How far back creation dates reach before `now`. */
export const historyMs = 3 * 365 * 24 * 60 * 60 * 1000;

export interface DemoScale {
  owners: number;
  dataSources: number;
  cards: number;
}

/** Instance size grows with the number of fields, slowly for owners and data sources. */
export function demoScale(fields: number): DemoScale {
  const n = Math.max(fields, 1);
  return {
    owners: clamp(Math.round(25 + Math.sqrt(n) * 0.55), 30, 200),
    dataSources: clamp(Math.round(40 + 10 * Math.log2(n / 1000)), 40, 120),
    cards: clamp(Math.round(n / 12), 240, 5000),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
