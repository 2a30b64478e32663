import { startServer } from './processes';

/** The token the browser benches sign in with. */
export const BENCH_TOKEN = 'bench-token-0123456789';

/** The demo store of `fields` fields the browser benches share, made by the first run. */
export function browserStoreFile(fields: number): string {
  return `bench/tmp/browser-${fields}.sqlite`;
}

/** The built service on that store (made first when it is missing), signed in with BENCH_TOKEN. */
export function startBrowserBenchService(fields: number, port: string) {
  return startServer('dist-server/main.mjs', [
    'start',
    '--no-build',
    '--port',
    port,
    '--data',
    browserStoreFile(fields),
    '--demo-fields',
    String(fields),
    '--demo-token',
    BENCH_TOKEN,
  ]);
}
