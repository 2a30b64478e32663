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
 * at the plugin's quality 4, which keeps a 5,000-row page to milliseconds.
 * Registered before the routes, since the plugin attaches itself to each route as
 * it is added. Request bodies are not decompressed: the API reads plain JSON only.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
  });
}
