import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { RunningServer } from './processes';

/** Node arguments that let `collectGarbageOf` open the inspector later, on a free port. */
export const inspectorOnSignal = ['--inspect-port=127.0.0.1:0'];

/**
 * Runs a full garbage collection in every thread of a server started with
 * `inspectorOnSignal`: SIGUSR1 opens its inspector only now, so nothing measured
 * before ran with it. Returns what the collector printed.
 */
export async function collectGarbageOf(server: RunningServer): Promise<string> {
  server.child.kill('SIGUSR1');
  let address: string | undefined;
  for (let waited = 0; !address; waited += 100) {
    if (waited > 10_000) throw new Error(`the inspector did not open:\n${server.output()}`);
    await new Promise((done) => setTimeout(done, 100));
    address = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
  }
  return execFileSync(
    join('node_modules', '.bin', 'tsx'),
    ['bench/support/inspector-gc.ts', address],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '--experimental-websocket --no-warnings' },
    },
  ).trim();
}
