import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers smaller than this go out as they are: compressing them saves less time
 * on the wire than it costs (a 50-row page is about 25 kB, a 5,000-row page 2.5 MB).
 */
export const compressionThresholdBytes = 4096;

/**
 * Answers up to this size (every answer the API gives: a 5,000-row page is about 3 MB)
 * are compressed in one call rather than through a compression stream. Answering a
 * 5,000-row page cost the service about 30 ms of CPU with the stream (many small
 * steps on the thread pool) and about 21 ms with one call, and the answer goes out in
 * one piece with its length. The event loop waits for that call (about 4 ms per MB at
 * quality 1), a fair trade for a service a few admins share.
 */
export const compressInOneCallBytes = 64 * 1024 * 1024;

/**
 * Compresses large answers (JSON, and the web app's files that have no
 * precompressed variant) with brotli or gzip, as the browser accepts. Brotli runs
 * at quality 1: a 5,000-row page (2.8 MB of JSON) takes about 9 ms and 400 kB
 * against quality 4's (the plugin's default) 50 ms and 330 kB. The answer waits for
 * it, so on loopback and a fast network the lower quality shows the rows sooner
 * (bench/results/browser.md, "5,000 rows").
 * Registered before the routes, since the plugin attaches itself to each route as
 * it is added. Request bodies are not decompressed: the API reads plain JSON only.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    syncThreshold: compressInOneCallBytes,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
}
