import { mkdirSync, rmSync } from 'node:fs';
import { e2eServers, e2eToken } from '../../playwright.config';
import { ensureWebBuild } from '../../src/service/cli/ensure-web-build';
import { buildServiceBundle } from '../../src/service/test-support/service-bundle';
import type { RunningServer } from './start-server';
import { startServer } from './start-server';
import { startProductionUpstream } from './production-upstream';

/** Where each e2e server keeps its files (a demo server's store: `<root>/<server>/store.sqlite`). */
export const dataRoot = 'data/e2e';
const logRoot = 'test-results/e2e-servers';

const upstreamUrl = `http://127.0.0.1:${e2eServers.upstream}`;

/**
 * Each server's `npm start` options. Every server gets fresh files of its own: a demo
 * server its store (its audit file lies beside it), a proxy its audit file, which
 * only one server may have open.
 */
type NpmStarted = Exclude<keyof typeof e2eServers, 'productionUpstream'>;
const servers: Record<NpmStarted, { args: string[]; env?: Record<string, string> }> = {
  main: { args: demoArgs('main', 2000) },
  isolated: { args: demoArgs('isolated', 2000) },
  upstream: { args: demoArgs('upstream', 500) },
  workflows: { args: demoArgs('workflows', 200) },
  proxy: { args: proxyArgs('proxy', upstreamUrl) },
  heldTokenProxy: {
    args: proxyArgs('heldTokenProxy', upstreamUrl),
    env: { UPSTREAM_TOKEN: e2eToken },
  },
  productionProxy: {
    args: proxyArgs('productionProxy', `http://127.0.0.1:${e2eServers.productionUpstream}`),
  },
};

function demoArgs(name: string, fields: number): string[] {
  return [
    ...['--data', `${dataRoot}/${name}/store.sqlite`],
    ...['--demo-fields', String(fields), '--demo-token', e2eToken],
  ];
}

function proxyArgs(name: string, upstream: string): string[] {
  return [
    ...['--upstream', upstream, '--upstream-timeout', '5000'],
    ...['--audit-data', `${dataRoot}/${name}/audit.sqlite`],
  ];
}

/** Builds the web app (when its sources changed) and the service bundle, once for all servers. */
function build(): void {
  ensureWebBuild((line) => console.log(line));
  buildServiceBundle();
}

/**
 * Playwright's global setup: builds once, then starts every server the specs use
 * at the same time (a proxy needs its upstream only when a request arrives). The
 * production-shaped instance runs in this process: it costs no process of its own.
 * Returns the teardown that stops them.
 */
export default async function startE2eServers(): Promise<() => Promise<void>> {
  build();
  rmSync(dataRoot, { recursive: true, force: true });
  rmSync(logRoot, { recursive: true, force: true });
  mkdirSync(logRoot, { recursive: true });

  const started = await Promise.allSettled([
    startProductionUpstream(`${dataRoot}/productionUpstream`, e2eServers.productionUpstream),
    ...Object.entries(servers).map(([name, { args, env }]) => {
      const port = e2eServers[name as NpmStarted];
      return startServer(['--port', String(port), ...args], env, `${logRoot}/${name}.log`);
    }),
  ]);
  const running = started
    .filter((result) => result.status === 'fulfilled')
    .map((result) => (result as PromiseFulfilledResult<RunningServer>).value);
  const stopAll = async () => void (await Promise.all(running.map((server) => server.stop())));

  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  return stopAll;
}
