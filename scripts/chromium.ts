import { existsSync } from 'node:fs';

/**
 * Debian's Chromium packages: the headless shell runs pages without the browser's
 * own user interface layer, about a fifth less CPU per page load than the full
 * browser (bench/results/test-suite.md), so the tests use it; the benchmarks use the browser
 * people run. `CHROMIUM_PATH` overrides both; with neither installed, Playwright's
 * own download is used.
 */
const executables = {
  'headless-shell': '/usr/lib/chromium/chromium-headless-shell',
  browser: '/usr/bin/chromium',
} as const;

export type ChromiumKind = keyof typeof executables;

export function chromiumExecutable(preferred: ChromiumKind): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const other: ChromiumKind = preferred === 'browser' ? 'headless-shell' : 'browser';
  return [executables[preferred], executables[other]].find((path) => existsSync(path));
}

/**
 * Arguments every launch needs on a machine with a closed network: without them
 * Chromium keeps trying to reach Google's services.
 */
export const quietChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches, and once more if that fails. A freshly installed headless shell once
 * crashed while starting (a general protection fault in libc, before any page) as
 * the two test workers started theirs together, in one of eight clean-machine runs,
 * and ten more launches after fresh installs did not crash: one such start should
 * not fail a whole run. A browser that will not start twice is a real failure.
 */
export async function launchWithOneRetry<Launched>(
  launch: () => Promise<Launched>,
  warn: (message: string) => void = console.warn,
): Promise<Launched> {
  try {
    return await launch();
  } catch (error) {
    warn(`Chromium did not start (${String(error).split('\n')[0]}); starting it once more`);
    return launch();
  }
}
