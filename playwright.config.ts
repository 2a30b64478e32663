import { defineConfig } from '@playwright/test';
import { chromiumExecutable, quietChromiumArgs } from './scripts/chromium';

/** One demo token for every server, so the proxies can forward it to the upstream. */
export const e2eToken = 'e2e-demo-token-0123456789';

/** Several checkouts on one machine each take their own block of ten ports. */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4517);

/**
 * The servers the specs run against: e2e/support/global-setup.ts builds once and
 * starts them all together, each on a fresh store of its own.
 */
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
  /**
   * An instance shaped like production (latency, unstable name ties, HTML 404s, no
   * extensions), run inside the test runner over a small demo store, with test-only
   * control routes (src/service/test-support/production-like-upstream.ts).
   */
  productionUpstream: portBase + 5,
  /** Proxy mode in front of the production-shaped instance. */
  productionProxy: portBase + 6,
  /**
   * A small demo instance for the workflows' journeys (e2e/workflows.spec.ts): each
   * changes dozens of fields and undoes them, which other specs must not see.
   */
  workflows: portBase + 7,
} as const;

const url = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The address of one of the servers. Specs of another server than the main one say
 * so with `test.use({ baseURL: e2eUrl(...) })`: one project for all specs lets two
 * workers run them all, where a project each started workers of its own.
 */
export const e2eUrl = (server: keyof typeof e2eServers) => url(e2eServers[server]);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Guards against hangs, not speed checks: on a busy machine a cold page can take
  // over ten seconds, and CI machines are sometimes busy.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: e2eUrl('main'),
    // Recording a trace costs every test CPU time; ask for one when looking into a
    // failure: `npx playwright test --trace=on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app then changes at once, without transitions (src/app/reduced-motion.css):
    // fewer frames for the browser to draw, and no waiting for a control to stop
    // moving. e2e/idle-page.spec.ts checks both settings.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      // Browsers cannot be downloaded on our CI machines: Debian's packages are used.
      executablePath: chromiumExecutable('headless-shell'),
      args: [
        ...quietChromiumArgs,
        // Measured on the suite (bench/results/test-suite.md): the GPU process's work done in the
        // browser process, and no optimising JavaScript compilers, whose work a page
        // that lives a few seconds never pays back, cost about 15% less CPU time.
        '--in-process-gpu',
        '--js-flags=--no-opt --no-maglev',
        // A new page starts in a renderer process of its own and moves to another one
        // when it opens the app: about 0.2 CPU-seconds for a process that draws nothing,
        // once per test. Chromium reuses the page's first process when it may keep only
        // one (each test's context still gets its own, as contexts never share one).
        '--renderer-process-limit=1',
      ],
    },
  },
});
