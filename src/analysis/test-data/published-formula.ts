/** A formula as published, and what the analyzer is expected to derive from it. */
export interface PublishedFormula {
  /** What the formula shows, in our words. */
  what: string;
  /** Where it was published: an address and the page's title. */
  source: string;
  formula: string;
  status: 'VALID' | 'INVALID';
  functions: string[];
  aggregated: boolean;
  analytic: boolean;
  /** Each reference's name (without backticks) and offset, in order. */
  references: Array<[name: string, position: number]>;
  /** The problem messages of an INVALID formula, in order. */
  problems?: string[];
}
