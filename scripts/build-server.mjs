// npm run build:server: bundles the service's TypeScript into one file that node
// starts quickly (no transpiling at start-up). Packages stay in node_modules.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

const outfile = 'dist-server/main.mjs';

const result = await build({
  entryPoints: ['src/service/cli/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  outfile,
  write: false,
  logLevel: 'warning',
});

// Several servers may start at once (the browser tests start five): each writes
// its own temporary file and renames it, so none ever runs a half-written bundle.
mkdirSync('dist-server', { recursive: true });
for (const file of result.outputFiles) {
  const temporary = join('dist-server', `.${basename(file.path)}.${process.pid}`);
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
