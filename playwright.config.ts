import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browsers cannot be downloaded on our CI machines; Debian's Chromium is used when present.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** One demo token for every server, so the proxies can forward it to the upstream. */
export const e2eToken = 'e2e-demo-token-0123456789';

/** Several checkouts on one machine each take their own block of five ports. */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4517);

/** The servers the specs run against, each a real `npm start` on its own fresh store. */
export const e2eServers = {
  /** The app on a demo instance: most specs. */
  main: portBase,
  /** A second demo instance for specs that change many fields at once. */
  isolated: portBase + 4,
  /** The instance the proxies stand in front of. */
  upstream: portBase + 1,
  /** Proxy mode, forwarding the browser's token. */
  proxy: portBase + 2,
  /** Proxy mode with the token held by the server: the browser has none. */
  heldTokenProxy: portBase + 3,
} as const;

const url = (port: number) => `http://127.0.0.1:${port}`;

/** `build`: only the first server builds the web app; the others serve that build. */
function demoServer(name: string, port: number, fields: number, build = false) {
  const dataDir = `data/e2e/${name}`;
  return {
    command: `rm -rf ${dataDir} && npm start -- ${build ? '' : '--no-build '}--port ${port} --data ${dataDir}/store.sqlite --demo-fields ${fields} --demo-token ${e2eToken}`,
    url: `${url(port)}/healthz`,
    timeout: build ? 240_000 : 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

function proxyServer(port: number, env: Record<string, string> = {}) {
  return {
    command: `npm start -- --no-build --port ${port} --upstream ${url(e2eServers.upstream)} --upstream-timeout 5000`,
    url: `${url(port)}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
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
  projects: [
    {
      name: 'app',
      testIgnore: ['isolated/**', 'proxy/**'],
      use: { baseURL: url(e2eServers.main) },
    },
    { name: 'isolated', testMatch: 'isolated/**', use: { baseURL: url(e2eServers.isolated) } },
    { name: 'proxy', testMatch: 'proxy/**', use: { baseURL: url(e2eServers.proxy) } },
  ],
  // Started in this order; the first one builds the web app for all of them.
  webServer: [
    demoServer('main', e2eServers.main, 2000, true),
    demoServer('isolated', e2eServers.isolated, 2000),
    demoServer('upstream', e2eServers.upstream, 500),
    proxyServer(e2eServers.proxy),
    proxyServer(e2eServers.heldTokenProxy, { UPSTREAM_TOKEN: e2eToken }),
  ],
});
