import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { benchToken } from './bench-store';
import type { LoadResult } from './load';
import { measureLoad } from './load';
import type { RunningServer } from './processes';
import { cpuMilliseconds, mainThreadCpuMilliseconds } from './processes';
import type { Scenario } from './workload';

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
  const run = (seconds: number) =>
    measureLoad({
      url: server.url,
      method: 'POST',
      headers: { [TOKEN_HEADER]: benchToken },
      next: () => ({ path: apiPaths.search, body: JSON.stringify(scenario.ours()) }),
      seconds,
      connections: scenario.connections,
    });
  if (timing.warmUpSeconds > 0) await run(timing.warmUpSeconds);
  const pid = server.child.pid!;
  const cpuBefore = cpuMilliseconds(pid);
  const threadCpuBefore = mainThreadCpuMilliseconds(pid);
  const result = await run(timing.seconds);
  const requests = Math.max(1, result.requests);
  return {
    ...result,
    cpuMsPerRequest: (cpuMilliseconds(pid) - cpuBefore) / requests,
    mainThreadCpuMsPerRequest: (mainThreadCpuMilliseconds(pid) - threadCpuBefore) / requests,
  };
}
