// npm run bench:service:profile: where a search spends its time. Starts the bundled
// service with V8's CPU profiler on the benchmark's store, sends each 50-row query
// of the service benchmark for a few seconds, and prints the functions that took
// the most time, grouped by where they live. Run `npm run bench:service` once first
// (it creates the store).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import { measureLoad } from './support/load';
import {
  answeredFirstSearch,
  benchStore,
  benchToken,
  readBenchInputs,
  startBenchService,
} from './support/bench-store';
import type { CpuProfile } from './support/profile-summary';
import { monotonicMicros, summarizeProfile } from './support/profile-summary';
import { scenarios } from './support/workload';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const profileDir = 'bench/tmp/profile';

async function main() {
  const storeFile = benchStore(FIELDS);
  if (!existsSync(storeFile)) throw new Error(`${storeFile} is missing: run npm run bench:service`);
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  const { fragments, referencedIds } = readBenchInputs(FIELDS);
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const service = await startBenchService(FIELDS, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const only = process.env.BENCH_QUERY;
  const chosen = scenarios(fragments, referencedIds, FIELDS).filter(
    (scenario) => scenario.label.startsWith('50 rows') && (!only || scenario.label.includes(only)),
  );
  const load = (scenario: (typeof chosen)[number], seconds: number) =>
    measureLoad({
      url: service.url,
      method: 'POST',
      headers: { [TOKEN_HEADER]: benchToken },
      next: () => ({ path: apiPaths.search, body: JSON.stringify(scenario.ours()) }),
      seconds,
      connections: scenario.connections,
    });
  // Warm up untimed and unprofiled: the profile covers only the measured load. At
  // 1,000,000 fields reading the index back on the first search outlasts a warm-up.
  await answeredFirstSearch(service);
  for (const scenario of chosen) await load(scenario, 2);
  const profiledFrom = monotonicMicros();
  for (const scenario of chosen) {
    const result = await load(scenario, SECONDS);
    console.log(`${scenario.label}: ${result.requestsPerSecond.toFixed(0)} req/s`);
  }
  await service.stop();
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the service wrote no profile');
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
  console.log(summarizeProfile(profile, profiledFrom));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
