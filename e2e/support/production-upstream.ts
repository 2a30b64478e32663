import { mkdirSync } from 'node:fs';
import { e2eToken } from '../../playwright.config';
import { generateDemoInstance } from '../../src/service/demo/generate-demo-instance';
import { importInstance } from '../../src/service/instance/import-instance';
import { openStore } from '../../src/service/store/open-store';
import { startProductionLikeUpstream } from '../../src/service/test-support/production-like-upstream';
import type { RunningServer } from './start-server';

/** Few enough for quick scans at production's latency, enough for several pages and name ties. */
export const productionUpstreamFields = 300;

/**
 * The production-shaped instance the `production-proxy` specs reach through their
 * proxy, on a demo store of its own in `directory`. Unknown filters are refused
 * until a spec switches them (e2e/support/production-instance.ts).
 */
export async function startProductionUpstream(
  directory: string,
  port: number,
): Promise<RunningServer> {
  mkdirSync(directory, { recursive: true });
  const stores = openStore(`${directory}/store.sqlite`);
  const report = importInstance(
    stores.fields,
    generateDemoInstance({ fields: productionUpstreamFields }),
  );
  if (report.refusals.length > 0) {
    stores.close();
    throw new Error(`the demo instance was refused: ${report.refusals[0]!.problem}`);
  }
  const upstream = await startProductionLikeUpstream({
    store: stores.fields,
    directory: stores.directory,
    token: e2eToken,
    port,
    control: true,
    latencyMs: [10, 40],
    unstableTies: true,
    unknownFilters: 'refuse',
  });
  return {
    url: upstream.url,
    stop: async () => {
      await upstream.close();
      stores.close();
    },
  };
}
