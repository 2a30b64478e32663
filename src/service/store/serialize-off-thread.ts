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
  const payload = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length).slice();
  parentPort.postMessage({ payload, crc32: crc32(payload) }, [payload.buffer]);
});
`;

export interface Serialized {
  payload: Uint8Array;
  crc32: number;
}

/**
 * v8.serialize (and the CRC-32 of its bytes) on a worker thread. Serializing the search index at 1,000,000
 * fields blocks for seconds; here the thread that answers requests only posts it
 * (moving its large arrays, copying the rest). One request at a time.
 */
export class OffThreadSerializer {
  private worker: Worker | undefined;

  serialize(value: unknown, transfer: ArrayBuffer[]): Promise<Serialized> {
    const worker = (this.worker ??= new Worker(source, { eval: true }));
    // Never what keeps the process running.
    worker.unref();
    return new Promise((resolve, reject) => {
      const onMessage = (serialized: Serialized) => {
        worker.off('error', onError);
        resolve(serialized);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        this.worker = undefined;
        reject(error);
      };
      worker.once('message', onMessage).once('error', onError);
      worker.postMessage(value, transfer);
    });
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
