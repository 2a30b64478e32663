// npm run bench:audit:profile: where a cold load of the audit page spends its time
// until every chart is drawn. Starts the built server with V8's CPU profiler on the
// store and audit file `npm run bench:audit` left (run it once first), loads /audit
// cold a few times with Chromium's sampling profiler and Performance counters on,
// and prints the requests' waterfall, the main thread's time, the renderer's and the
// server's busiest functions. Each renderer profile is kept in bench/tmp/audit-profile
// (open it in DevTools' Performance panel); `--sourcemap` builds the app with source
// maps beside it, so DevTools shows the functions by their own names.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditLoadProfile } from './support/audit-page-profile';
import {
  mainThreadMedians,
  profileAuditLoad,
  rendererByScript,
  rendererHotspots,
  waterfall,
} from './support/audit-page-profile';
import { launchChromium } from './support/chromium';
import { buildAppAndService, startServer } from './support/processes';
import type { CpuProfile } from './support/profile-summary';
import { monotonicMicros, summarizeProfile } from './support/profile-summary';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TOKEN = 'bench-token-0123456789';
const storeFile = `bench/tmp/audit-${FIELDS}.sqlite`;
const auditFile = `bench/tmp/audit-${FIELDS}.audit.sqlite`;
const profileDir = 'bench/tmp/audit-profile';

async function main() {
  if (!existsSync(storeFile) || !existsSync(auditFile))
    throw new Error(`${storeFile} or ${auditFile} is missing: run npm run bench:audit first`);
  if (!process.argv.includes('--no-build'))
    buildAppAndService(process.argv.includes('--sourcemap') ? ['--sourcemap'] : []);
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const server = await startServer(
    'dist-server/main.mjs',
    [
      'start',
      '--no-build',
      '--port',
      '0',
      '--data',
      storeFile,
      '--audit-data',
      auditFile,
      '--demo-token',
      TOKEN,
    ],
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
  );
  const browser = await launchChromium();
  const loads: AuditLoadProfile[] = [];
  const target = { url: server.url, token: TOKEN, fields: FIELDS, shown: FIELDS };
  let profiledFrom: number;
  try {
    // The first load warms the server (its findings, its caches); it is not counted.
    await profileAuditLoad(browser, target);
    profiledFrom = monotonicMicros();
    while (loads.length < LOADS) {
      const load = await profileAuditLoad(browser, target);
      writeFileSync(
        join(profileDir, `renderer-${loads.length + 1}.cpuprofile`),
        JSON.stringify(load.profile),
      );
      loads.push(load);
      console.log(
        `load ${loads.length}: every chart drawn at ${Math.round(load.drawnAt)} ms, renderer CPU ${load.rendererCpuMs} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const medians = mainThreadMedians(loads);
  console.log(
    [
      '',
      `median of ${LOADS} cold loads: drawn at ${medians.drawnMs} ms; renderer CPU ${medians.rendererCpuMs} ms; main thread busy ${medians.taskMs} ms (script ${medians.scriptMs}, layout ${medians.layoutMs}, style ${medians.styleMs}); ${medians.apiRequests} API requests`,
      '',
      '| request | sent | waiting | answered |',
      '| --- | ---: | ---: | ---: |',
      ...waterfall(loads),
      '',
      'renderer, self time by script:',
      ...rendererByScript(loads),
      '',
      'renderer, self time by function:',
      ...rendererHotspots(loads),
    ].join('\n'),
  );
  const [file] = readdirSync(profileDir).filter((name) => name.startsWith('CPU.'));
  if (!file) throw new Error('the server wrote no profile');
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
  console.log(
    `\nserver, during the counted loads:\n${summarizeProfile(profile, profiledFrom, 15)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
