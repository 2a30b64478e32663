import { DEFAULT_TIMEOUT_MS } from '../http-client';

/**
 * How long to wait for the journal's answer about a change of `items` fields: it plans
 * or records every field before it answers. A dry run of 100,000 locks took 17 s on an
 * idle service of 100,000 fields and answered 171 MB, so the usual wait gets a
 * millisecond a field on top (two minutes at 100,000).
 */
export function waitForItemsMs(items: number): number {
  return DEFAULT_TIMEOUT_MS + items;
}
