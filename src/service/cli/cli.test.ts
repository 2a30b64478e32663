import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { openStore } from '../store/open-store';
import { fixtureInstance } from '../test-support/fixture-instance';
import { serviceBundle } from '../test-support/service-bundle';
import { startServiceProcess } from '../test-support/service-process';
import { runCli } from './run-cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs a command line in this process, as `node main.mjs ...args` runs it, and answers
 * its exit code and what it printed. A process of its own costs about half a second of
 * CPU; only the tests of what a process adds (signals, its exit code) start one.
 */
async function runCommandLine(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    stdout.push(`${format(...parts)}\n`);
  });
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    stderr.push(`${format(...parts)}\n`);
  });
  try {
    const code = await runCli(args);
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const startServer = startServiceProcess;

// The tests that start the service as a process of its own: a busy machine needs more than the default time.
describe('npm start', { timeout: 120_000 }, () => {
  // One journey, so that the restarted server is also the proxy's upstream: each
  // process started costs about a second of CPU.
  it('creates a demo instance, prints the URL and token, keeps the token across a restart, serves a proxy that warns when bound beyond 127.0.0.1, and stops on SIGTERM and SIGINT', async () => {
    const data = join(dir, 'demo.sqlite');
    const first = startServer(['--data', data, '--demo-fields', '40']);
    const { url, token } = await first.ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(token).toMatch(/^cfm_/);
    const statistics = await (
      await fetch(`${url}${apiPaths.statistics}`, { headers: { [TOKEN_HEADER]: token! } })
    ).json();
    expect(statistics.total).toBe(40);
    first.child.kill('SIGTERM');
    expect(await first.stopped).toBe(0);

    const second = startServer(['--data', data]);
    const { url: upstreamUrl, token: keptToken } = await second.ready;
    // Its own audit file: the default, data/audit.sqlite of the checkout, may be held by
    // a proxy a developer runs, or by this test in a second run beside this one.
    const proxy = startServer([
      ...['--upstream', upstreamUrl, '--host', '127.0.0.2'],
      ...['--audit-data', join(dir, 'proxy-audit.sqlite')],
    ]);
    try {
      expect(keptToken).toBe(token);
      await proxy.ready;
      expect(proxy.output()).toContain(`Proxying the API to ${upstreamUrl}`);
      await expect
        .poll(() => proxy.output())
        .toMatch(/Warning: bound to 127\.0\.0\.2; anyone who can reach it/);
    } finally {
      proxy.child.kill('SIGTERM');
      second.child.kill('SIGINT');
      expect(await proxy.stopped).toBe(0);
      expect(await second.stopped).toBe(0);
    }
  });

  it('refuses bad arguments with a clear message', async () => {
    const unknown = await runCommandLine(['start', '--prot', '80']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Error: Unknown option '--prot'/);
    const port = await runCommandLine(['start', '--port', 'eighty']);
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/--port must be an integer from 0 to 65535 \(got "eighty"\)/);
  });

  it('a refused command ends the process with its exit code and the reason on stderr', () => {
    // `token` is the command whose code loads fastest.
    const result = spawnSync(process.execPath, [serviceBundle, 'token', 'list', '--prot', '80'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Error: Unknown option '--prot'/);
    expect(result.stdout).toBe('');
  });
});

describe('npm run import', () => {
  it('imports a file and reports the counts', async () => {
    const file = join(dir, 'fixture.json');
    writeFileSync(file, JSON.stringify(fixtureInstance));
    const result = await runCommandLine(['import', '--data', join(dir, 'imported.sqlite'), file]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /Imported 14 calculated fields, 2 data sources, 2 cards and 3 owners/,
    );
  });

  it('names each refused record, exits non-zero and leaves the store as it was', async () => {
    const data = join(dir, 'kept.sqlite');
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(fixtureInstance));
    expect((await runCommandLine(['import', '--data', data, good])).code).toBe(0);
    const bad = join(dir, 'bad.json');
    const instance = structuredClone(fixtureInstance);
    instance.fields[0]!.name = 'Renamed';
    (instance.fields[2] as { owner: number }).owner = 77;
    writeFileSync(bad, JSON.stringify(instance));
    const result = await runCommandLine(['import', '--data', data, bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/2 record\(s\) refused; nothing was imported/);
    expect(result.stderr).toMatch(/fields\[1\] \(id 2\): field 2 is locked in the store/);
    expect(result.stderr).toMatch(/fields\[2\] \(id 3\): owner 77 is neither/);
    const stores = openStore(data);
    expect(stores.fields.getField(1)!.name).toBe('Gross Margin');
    stores.close();
  });

  it('refuses a record nested thousands of levels deep by name', async () => {
    const file = join(dir, 'deep.json');
    const deep = `${'['.repeat(20_000)}{}${']'.repeat(20_000)}`;
    const instance = structuredClone(fixtureInstance);
    (instance.fields[2] as { links: unknown }).links = 'DEEP';
    const text = JSON.stringify(instance).replace('"DEEP"', deep);
    writeFileSync(file, text);
    const result = await runCommandLine(['import', '--data', join(dir, 'deep.sqlite'), file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /fields\[2\] \(id 3\): it nests arrays and objects more than 32 levels deep/,
    );
    expect(result.stderr).not.toMatch(/RangeError|call stack/);
  });

  it('refuses a file that is not JSON', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"format": ');
    const result = await runCommandLine(['import', '--data', join(dir, 'x.sqlite'), file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/broken.json is not valid JSON/);
  });
});

describe('npm run token', () => {
  it('creates a token that the service accepts, printing it once', async () => {
    const data = join(dir, 'tokens.sqlite');
    const result = await runCommandLine(['token', 'create', '--data', data, '--name', 'ci']);
    expect(result.code).toBe(0);
    const token = result.stdout.trim();
    expect(token).toMatch(/^cfm_[A-Za-z0-9_-]{32}$/);
    const stores = openStore(data);
    expect(stores.tokens.verify(token)).toBe(true);
    expect(stores.tokens.verify(`${token}x`)).toBe(false);
    stores.close();
    const list = await runCommandLine(['token', 'list', '--data', data]);
    expect(list.stdout).toMatch(/\tci\t/);
    expect(list.stdout).not.toContain(token);
  });

  it('creates a reader with --role reader, and refuses a role it does not know', async () => {
    const data = join(dir, 'roles.sqlite');
    const result = await runCommandLine([
      'token',
      'create',
      '--data',
      data,
      '--name',
      'viewer',
      '--role',
      'reader',
    ]);
    expect(result.code).toBe(0);
    const stores = openStore(data);
    expect(stores.tokens.identify(result.stdout.trim())).toEqual({
      name: 'viewer',
      role: 'reader',
    });
    stores.close();
    expect((await runCommandLine(['token', 'list', '--data', data])).stdout).toMatch(
      /\tviewer\treader\t/,
    );
    const refused = await runCommandLine([
      'token',
      'create',
      '--data',
      data,
      '--name',
      'x',
      '--role',
      'admin',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--role is editor or reader/);
  });

  it('asks for a name', async () => {
    const result = await runCommandLine(['token', 'create', '--data', join(dir, 't.sqlite')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--name says what the token is for/);
  });
});

describe('npm run demo', () => {
  it('writes an instance file that imports cleanly', async () => {
    const out = join(dir, 'demo.json');
    const written = await runCommandLine(['demo', '--fields', '120', '--out', out]);
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(/Wrote 120 calculated fields/);
    const imported = await runCommandLine([
      'import',
      '--data',
      join(dir, 'demo-import.sqlite'),
      out,
    ]);
    expect(imported.stdout).toMatch(/Imported 120 calculated fields/);
  });

  it('refuses a missing --out', async () => {
    const result = await runCommandLine(['demo', '--fields', '10']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out names the instance file/);
  });
});
