import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browsers cannot be downloaded on our CI machines; Debian's Chromium is used when present.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const e2ePort = Number(process.env.E2E_PORT ?? 4517);
export const e2eToken = 'e2e-demo-token-0123456789';
const dataDir = 'data/e2e';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npm start -- --port ${e2ePort} --data ${dataDir}/store.sqlite --demo-fields 2000 --demo-token ${e2eToken}`,
    url: `http://127.0.0.1:${e2ePort}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
