import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serviceBundle } from '../../src/service/test-support/service-bundle';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Runs `npm start -- --no-build <args>` from the built bundle until its `Listening on`
 * line; stop() ends it. The bundle must exist: the e2e global setup builds it.
 * `logFile` receives everything the server prints, to read after a failed run.
 */
export async function startServer(
  args: string[],
  env: Record<string, string> = {},
  logFile?: string,
): Promise<RunningServer> {
  const child = spawn(process.execPath, [serviceBundle, 'start', '--no-build', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /Listening on (\S+)\n/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) =>
      reject(new Error(`server ${args.join(' ')} exited with ${code}: ${output}`)),
    );
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
