import type { AppConfig } from '../../contract/app-config';
import { DEFAULT_TIMEOUT_MS } from '../http-client';

/**
 * What the journal's server stands in front of: its own store, or an instance it reads
 * each field from (app-config.ts, `instanceModeOf`).
 */
export type InstanceMode = AppConfig['mode'];

/**
 * What the server takes a field in proxy mode: it reads each field from the instance,
 * four at once (service/journal/proxy-target.ts), for a dry run, and for an undo's
 * confirmation when every field changed since (a confirmation reads none). At production's 30-80 ms a dry run of 1,000 locks took 20 s
 * at load 16, one of 841 took 49 s at load 20 (bench/results/bulk-lock.md): twice the
 * slower leaves room for a busier server or instance.
 */
const PROXY_MS_PER_FIELD = 120;

/**
 * How long to wait for the journal's answer about a change of `items` fields: it plans
 * or records every field before it answers. A dry run of 100,000 locks took 17 s on an
 * idle service of 100,000 fields and answered 171 MB, so the usual wait gets a
 * millisecond a field on top (two minutes at 100,000). Through a proxy each field is a
 * request to the instance, and the usual wait gave up on a dry run of 2,756 fields
 * that the server was still reading.
 */
export function waitForItemsMs(items: number, mode: InstanceMode): number {
  return DEFAULT_TIMEOUT_MS + items * (mode === 'proxy' ? PROXY_MS_PER_FIELD : 1);
}
