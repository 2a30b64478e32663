import { MessageChannel } from 'node:worker_threads';

/**
 * The bytes of `buffer` on a SharedArrayBuffer, and `buffer` emptied, its memory
 * given back at once. A moved buffer counts, on the thread that takes it in, as
 * memory outside that thread's heap: past V8's limit each one made the thread that
 * answers requests mark a step of its whole heap, two or three waits of 27 to 69 ms
 * as a scan's findings arrived at 1,000,000 fields. A shared buffer is not counted
 * there and arrives in 1 to 10 ms with no collection (bench/moved-buffers-arrival.ts).
 *
 * Emptied by moving it into a channel closed at once, which drops the message and
 * the memory with it: left to the collector, 460 MB of copies in 100 buffers doubled
 * a thread's resident memory (505 to 965 MB; 514 MB emptied so), and an array the
 * findings keep (their facts' columns) stays referenced until the hand-over ends.
 */
export function sharedInstead(buffer: ArrayBuffer): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(buffer.byteLength);
  new Uint8Array(shared).set(new Uint8Array(buffer));
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, [buffer]);
  port1.close();
  port2.close();
  return shared;
}

/**
 * Each of `buffers` in turn as `sharedInstead` makes it, taken out of the list before
 * it is copied: only one buffer is ever held twice.
 */
export function* sharedOneByOne(buffers: ArrayBuffer[]): Generator<SharedArrayBuffer> {
  for (let buffer = buffers.shift(); buffer; buffer = buffers.shift()) {
    yield sharedInstead(buffer);
  }
}
