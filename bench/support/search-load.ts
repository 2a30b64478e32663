import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { benchToken } from './bench-store';
import type { LoadResult } from './load';
import { measureLoad } from './load';
import type { RunningServer } from './processes';
import { cpuMilliseconds, mainThreadCpuMilliseconds } from './processes';
import type { Scenario } from './workload';

function searchLoad(
  server: RunningServer,
  scenario: Scenario,
  amount: { seconds?: number; requests?: number },
) {
  return measureLoad({
    url: server.url,
    method: 'POST',
    headers: { [TOKEN_HEADER]: benchToken },
    next: () => ({ path: apiPaths.search, body: JSON.stringify(scenario.ours()) }),
    connections: scenario.connections,
    ...amount,
  });
}

/**
 * Throughput and latency of one server under a scenario's searches after an unmeasured
 * warm-up, and the CPU time it used per request: the whole process's, and its main
 * thread's alone (the one that answers requests, whatever its worker threads do).
 */
export async function measureSearches(
  server: RunningServer,
  scenario: Scenario,
  timing: { seconds: number; warmUpSeconds: number },
): Promise<LoadResult> {
  if (timing.warmUpSeconds > 0)
    await searchLoad(server, scenario, { seconds: timing.warmUpSeconds });
  const pid = server.child.pid!;
  const cpuBefore = cpuMilliseconds(pid);
  const threadCpuBefore = mainThreadCpuMilliseconds(pid);
  const result = await searchLoad(server, scenario, { seconds: timing.seconds });
  const requests = Math.max(1, result.requests);
  return {
    ...result,
    cpuMsPerRequest: (cpuMilliseconds(pid) - cpuBefore) / requests,
    mainThreadCpuMsPerRequest: (mainThreadCpuMilliseconds(pid) - threadCpuBefore) / requests,
  };
}

/**
 * Asks each different request of a scenario once, unmeasured, so that the rows its
 * answers hold have been read once at any size: a scenario with many different
 * requests (templateDependencies: one per referenced field, ten times as many at ten
 * times the fields) otherwise reads rows for the first time all through its
 * measurement at one size and its cached rows at another.
 */
export async function askEachOnce(server: RunningServer, scenario: Scenario): Promise<void> {
  // autocannon sends at least one request on each connection.
  const requests = Math.max(scenario.distinctRequests, scenario.connections);
  await searchLoad(server, scenario, { requests });
}
