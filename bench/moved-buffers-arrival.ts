// What a thread's arrival of moved buffers costs it, with nothing else in the message:
// this thread holds HEAP_MB of small objects (as the thread that answers requests holds
// its index), a worker thread posts TOTAL_MB in COUNT buffers (moved, or shared with
// `shared`), and this thread prints how long the message took from its posting to its
// handler (its deserializing in between) and its collector's pauses after it. Run with
// `node --trace-gc` to see the marking steps each arrival makes.
//
//   tsx bench/moved-buffers-arrival.ts HEAP_MB COUNT TOTAL_MB [shared]
import { PerformanceObserver } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface Options {
  count: number;
  totalMb: number;
  shared: boolean;
}

const now = () => performance.timeOrigin + performance.now();

if (isMainThread) {
  const [heapMb = '200', count = '250', totalMb = '460', shared] = process.argv.slice(2);
  const held: Array<{ at: number; text: string }> = [];
  for (let at = 0; at < (Number(heapMb) * 1e6) / 80; at += 1) held.push({ at, text: String(at) });
  const pauses: Array<[at: number, ms: number, kind: number]> = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
      pauses.push([performance.timeOrigin + entry.startTime, entry.duration, kind]);
    }
  }).observe({ entryTypes: ['gc'] });
  const options: Options = { count: Number(count), totalMb: Number(totalMb), shared: !!shared };
  const program = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(program, { eval: true, workerData: options });
  worker.on('message', ({ posting }: { posting: number }) => {
    const passageMs = Math.round(now() - posting);
    // The collector's work the arrival started ends after it: read a moment later.
    setTimeout(() => {
      const after = pauses
        .filter(([at]) => at >= posting - 1)
        .map(([at, ms, kind]) => [Math.round(at - posting), Math.round(ms), kind]);
      console.log(
        JSON.stringify({ heapMb: Number(heapMb), ...options, passageMs, gcAfter: after }),
      );
      console.log(`(held ${held.length} objects)`);
      void worker.terminate();
    }, 1000);
  });
} else {
  const { count, totalMb, shared } = workerData as Options;
  const bytes = Math.floor((totalMb * 1e6) / count);
  const arrays = Array.from({ length: count }, () =>
    new Uint8Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)).fill(1),
  );
  const moved = shared ? [] : arrays.map((array) => array.buffer as ArrayBuffer);
  setTimeout(() => parentPort!.postMessage({ arrays, posting: now() }, moved), 300);
}
