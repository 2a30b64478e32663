// A demo instance behind the production-like double, in a process of its own, so
// that what a benchmark measures on the proxy's threads is the proxy's work, not the
// instance's: `tsx bench/support/instance-double.ts <dir> <fields>`, stopped by SIGTERM.
import { startProductionLikeUpstream } from '../../src/service/test-support/production-like-upstream';
import { demoInstance, INSTANCE_TOKEN } from './proxy-over-instance';

const [dir, fields] = process.argv.slice(2);
const instance = demoInstance(dir!, Number(fields), (line) => console.error(line));
const upstream = await startProductionLikeUpstream({
  store: instance.stores.fields,
  token: INSTANCE_TOKEN,
  sortsByLastModified: true,
  // Reads only the page asked for, as a real instance's search would cost.
  windowed: true,
});
console.log(`Listening on ${upstream.url}`);
process.once('SIGTERM', async () => {
  await upstream.close();
  instance.close();
  process.exit(0);
});
