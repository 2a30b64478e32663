// npm run build:server: bundles the service's TypeScript so that node starts it
// quickly (no transpiling at start-up). Packages stay in node_modules. Each command
// is a chunk of its own, loaded when it runs: `import` and `token` do not load the
// web server's packages, and `start` does not load the importer until it needs it.
// The audit's worker thread is an entry of its own, beside main.mjs
// (src/service/audit/worker/audit-thread.ts finds it there).
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

const outdir = 'dist-server';
const chunkFolder = join(outdir, 'chunks');

const result = await build({
  entryPoints: {
    main: 'src/service/cli/main.ts',
    'audit-worker': 'src/service/audit/worker/audit-worker.ts',
  },
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  packages: 'external',
  sourcemap: true,
  outdir,
  write: false,
  logLevel: 'warning',
});

// Several builds may run at once: each writes its own temporary files and renames
// them, so no server ever runs a half-written file. Chunks are written before the
// entries that import them, and main.mjs, which starts the worker, last.
mkdirSync(chunkFolder, { recursive: true });
const written = new Set();
const rank = (file) =>
  basename(file.path).startsWith('main.') ? 2 : dirname(file.path).endsWith('chunks') ? 0 : 1;
const entryLast = [...result.outputFiles].sort((a, b) => rank(a) - rank(b));
for (const file of entryLast) {
  const temporary = join(dirname(file.path), `.${basename(file.path)}.${process.pid}`);
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
  written.add(relative(process.cwd(), file.path));
}
// Chunks of earlier builds have other hashes; nothing imports them any more.
for (const name of readdirSync(chunkFolder)) {
  const path = join(chunkFolder, name);
  if (!name.startsWith('.') && !written.has(path)) rmSync(path, { force: true });
}
