import { Worker } from 'node:worker_threads';

/**
 * The worker's whole program, given as source so the bundled service needs no
 * file of its own for it: serializes what it is sent and sends the bytes back,
 * with their CRC-32.
 */
const source = `
const { parentPort } = require('node:worker_threads');
const { serialize } = require('node:v8');
const { crc32 } = require('node:zlib');
parentPort.on('message', (value) => {
  const bytes = serialize(value);
  // Its own memory moves back as it is; only bytes that share theirs are copied first.
  const owned = bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength;
  const payload = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const moved = owned ? payload : payload.slice();
  parentPort.postMessage({ payload: moved, crc32: crc32(moved) }, [moved.buffer]);
});
`;

export interface Serialized {
  payload: Uint8Array;
  crc32: number;
}

/**
 * v8.serialize (and the CRC-32 of its bytes) on a worker thread. Serializing the search index at 1,000,000
 * fields blocks for seconds; here the thread that answers requests only posts it
 * (moving its large arrays, copying the rest). One request at a time, each on a
 * thread of its own that ends once it has answered: an idle thread never collects
 * its garbage, so a kept one held the bytes it made (about 250 MB at 1,000,000
 * fields) and the parts copied to it until the next save.
 */
export class OffThreadSerializer {
  private worker: Worker | undefined;

  async serialize(value: unknown, transfer: ArrayBuffer[]): Promise<Serialized> {
    const worker = new Worker(source, { eval: true });
    this.worker = worker;
    // Never what keeps the process running.
    worker.unref();
    try {
      return await new Promise<Serialized>((resolve, reject) => {
        worker.once('message', resolve).once('error', reject);
        worker.once('exit', () => reject(new Error('the serializing thread was stopped')));
        worker.postMessage(value, transfer);
      });
    } finally {
      if (this.worker === worker) this.worker = undefined;
      void worker.terminate();
    }
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
