import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CliError } from './cli-error';
import { projectRoot, webRoot } from './paths';

const webSources = ['index.html', 'vite.config.ts', 'public', 'src', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    // The service is not part of the web app.
    if (entry === 'service' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Builds the web app when there is no build yet or a source is newer than it. */
export function ensureWebBuild(log: (line: string) => void): void {
  const builtIndex = join(webRoot, 'index.html');
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = Math.max(...webSources.map((source) => newestChange(join(projectRoot, source))));
  if (built > 0 && built >= sources) return;
  log(
    built === 0
      ? 'Building the web app (first start)...'
      : 'Sources changed; rebuilding the web app...',
  );
  const vite = join(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new CliError('building the web app failed (see above)', 1);
}
