// Searches while a scan hands its findings over to the thread that answers them (part of
// bench/support/audit-scan-search.ts): 1% of the fields' locks flipped, an incremental
// scan started, and the 50-row queries run in turn, back to back, each after a turn of
// the event loop, until the scan has settled. The searches asked during the scan's
// phase "handing over the findings" (its end is when the scan settled, less its
// pruning; its start that phase's length before) are those counted, against the same
// queries in turn without a scan just before.
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import type { SearchRequest } from '../../src/contract/search';
import type { AuditService } from '../../src/service/audit/audit-service';
import type { FieldStore } from '../../src/service/store/field-store';
import { parseSearchBody } from '../../src/service/server/search-body';
import { everyNthId } from './every-nth-id';
import { percentile } from './percentiles';

const CHANGED_STEP = 100;

export interface HandoverSearches {
  /** The queries in turn without a scan: searches a second, p99 of each query. */
  without: InTurn;
  /** The same during the hand-over. */
  during: InTurn;
  handoverMs: number;
}

interface InTurn {
  perSecond: number;
  p99Ms: Record<string, number>;
  maxMs: number;
}

interface Asked {
  query: number;
  at: number;
  ms: number;
}

/** Searches each query in turn until `until` says stop; each one's start and latency. */
async function inTurn(
  store: FieldStore,
  queries: ReadonlyArray<() => SearchRequest>,
  until: () => boolean,
): Promise<Asked[]> {
  const asked: Asked[] = [];
  for (let turn = 0; !until(); turn += 1) {
    const query = turn % queries.length;
    const at = performance.now();
    await setImmediate();
    store.search(parseSearchBody(queries[query]!()));
    asked.push({ query, at, ms: performance.now() - at });
  }
  return asked;
}

function figures(asked: Asked[], labels: readonly string[], seconds: number): InTurn {
  const p99Ms = Object.fromEntries(
    labels.map((label, query) => {
      const latencies = asked.filter((entry) => entry.query === query).map(({ ms }) => ms);
      return [label, latencies.length ? Math.round(percentile(latencies, 99) * 100) / 100 : 0];
    }),
  );
  return {
    perSecond: Math.round(asked.length / seconds),
    p99Ms,
    // Not Math.max(...): a spread of a few hundred thousand searches overflows the stack.
    maxMs: Math.round(asked.reduce((slowest, { ms }) => Math.max(slowest, ms), 0)),
  };
}

/** Every CHANGED_STEP-th field's lock flipped: the store is kept between runs. */
function flipLocks(store: FieldStore): void {
  const ids = everyNthId(store, CHANGED_STEP);
  const locked = new Set(ids.filter((id) => store.getField(id)?.locked));
  store.setLockedMany([...locked], false, Date.now());
  store.setLockedMany(
    ids.filter((id) => !locked.has(id)),
    true,
    Date.now(),
  );
}

export async function searchesThroughHandover(
  store: FieldStore,
  service: AuditService,
  queries: ReadonlyArray<{ label: string; ours: () => SearchRequest }>,
  baselineMs: number,
): Promise<HandoverSearches> {
  const labels = queries.map(({ label }) => label);
  const asks = queries.map(({ ours }) => ours);
  const baselineFrom = performance.now();
  const without = await inTurn(store, asks, () => performance.now() - baselineFrom > baselineMs);
  flipLocks(store);
  const scan = service.startScan(undefined);
  let settledAt: number | undefined;
  void service.scansSettled().then(() => (settledAt = performance.now()));
  const asked = await inTurn(store, asks, () => settledAt !== undefined);
  if (service.scan(scan.id)?.state !== 'complete') throw new Error('the scan did not complete');
  const phases = service.lastScanPhases() ?? [];
  const msOf = (phase: string) => phases.find((entry) => entry.phase === phase)?.ms ?? 0;
  const handoverMs = msOf('handing over the findings');
  const end = settledAt! - msOf('pruning');
  const start = end - handoverMs;
  const during = asked.filter(({ at }) => at >= start && at < end);
  return {
    without: figures(without, labels, baselineMs / 1000),
    during: figures(during, labels, handoverMs / 1000),
    handoverMs,
  };
}
