// npm run bench: every benchmark of the project, one after another.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const parts = ['bench/service.ts', 'bench/browser.ts', 'bench/audit.ts'];
const tsx = join('node_modules', '.bin', 'tsx');
for (const part of parts) {
  console.log(`\n=== ${part}`);
  const result = spawnSync(tsx, [part], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
