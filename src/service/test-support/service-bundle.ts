import { spawnSync } from 'node:child_process';

/** The service as `npm start` runs it: one bundled file that plain `node` starts. */
export const serviceBundle = 'dist-server/main.mjs';

/**
 * Bundles the service (`npm run build:server`, under a second of CPU). Tests that need
 * the service as a process of its own start this bundle with `node`: loading the
 * TypeScript sources through tsx instead cost about 2 s of CPU per process.
 */
export function buildServiceBundle(): void {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('bundling the service failed (see above)');
}
