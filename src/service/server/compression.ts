import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers smaller than this go out as they are: compressing them saves less time
 * on the wire than it costs (a 50-row page is about 25 kB, a 5,000-row page 2.5 MB).
 */
export const compressionThresholdBytes = 4096;

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
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
}
