import { spawn } from 'node:child_process';
import { serviceBundle } from './service-bundle';

/**
 * `npm start` as a child process of its own, for tests that need a real process:
 * signals, restarts, kill -9. Resolves `ready` with the URL and demo token it printed.
 */
export function startServiceProcess(args: string[]) {
  // The bundle Vitest's global setup built, run by node itself: one process, so a SIGKILL
  // reaches the server.
  const child = spawn(
    process.execPath,
    [serviceBundle, 'start', '--port', '0', '--no-build', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<{ url: string; token: string | undefined }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const url = /Listening on (\S+)/.exec(output)?.[1];
      if (
        url &&
        output.includes('\n', output.indexOf('Listening on') + 14) &&
        /Demo token|Create a developer token|Proxying the API/.test(output)
      ) {
        resolve({ url, token: /Demo token: (\S+)/.exec(output)?.[1] });
      }
    });
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  const stopped = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => resolve(code)),
  );
  return { child, ready, stopped, output: () => output };
}
