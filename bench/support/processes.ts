import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOCATOR_ENV } from '../../src/service/allocator-env';

/**
 * Builds the web app and the service bundle the benchmarks start, as `npm start`
 * would serve them; `viteArgs` are added to `vite build` (e.g. `--sourcemap`).
 */
export function buildAppAndService(viteArgs: string[] = []): void {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...viteArgs],
    { stdio: 'inherit' },
  );
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Everything it printed, for error messages and tokens. */
  output(): string;
  stop(): Promise<void>;
}

const tsx = join('node_modules', '.bin', 'tsx');

/**
 * Starts an entry point (TypeScript with tsx, built JavaScript with node, given
 * `nodeArgs` such as a profiler's) and waits for its `Listening on <url>` line.
 */
export function startServer(
  entry: string,
  args: string[],
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const { nodeArgs = [], timeoutMs = 600_000 } = options;
  const [command, commandArgs] = entry.endsWith('.ts')
    ? [tsx, [entry, ...args]]
    : [process.execPath, [...nodeArgs, entry, ...args]];
  // With the allocator's setting `npm start` gives the service.
  const child = spawn(command, commandArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...ALLOCATOR_ENV },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const url = /Listening on (\S+)\n/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve({
          url,
          child,
          output: () => output,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
}

function childrenOf(id: number): number[] {
  try {
    const list = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
    return list ? list.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

const processTree = (id: number): number[] => [id, ...childrenOf(id).flatMap(processTree)];

/**
 * Resident memory in MB of the largest process in a tree: tsx runs the entry point
 * in a child of its own, and that child is the server being measured.
 */
export function residentMegabytes(pid: number): number {
  const kilobytes = (id: number) => {
    const status = readFileSync(`/proc/${id}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  };
  return Math.round(Math.max(...processTree(pid).map(kilobytes)) / 1024);
}

/** Linux counts CPU time in clock ticks of 1/100 s. */
const TICK_MS = 10;

/**
 * CPU time in ms (user and system) a process tree has used so far. On a shared
 * machine throughput moves with what else runs; CPU time per request does not.
 */
export function cpuMilliseconds(pid: number): number {
  return processTree(pid).reduce((sum, id) => sum + ticks(`/proc/${id}/stat`), 0) * TICK_MS;
}

/**
 * CPU time in ms of a process's main thread alone: the one that answers requests,
 * without the worker threads beside it (the audit's scan) or V8's own background threads.
 */
export function mainThreadCpuMilliseconds(pid: number): number {
  return ticks(`/proc/${pid}/task/${pid}/stat`) * TICK_MS;
}

/** User and system clock ticks in a /proc stat file. */
function ticks(statFile: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
