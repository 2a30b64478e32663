import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app. Hashed assets are cached for good; index.html never is,
 * so a new build reaches the browser on its next load. The build writes brotli and
 * gzip variants beside each text file (`x.js.br`, `x.js.gz`); those are sent as
 * they are to a browser that accepts them, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      void reply.header(
        'cache-control',
        path.includes(`${join('/', 'assets', '/')}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}

/**
 * Client-side routes (/fields/12, /audit...) load index.html and let the router
 * decide. A missing file (a path whose last part has an extension) stays a 404.
 */
export function sendAppShell(
  root: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (!root || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  const lastPart = request.url.split('?')[0]!.split('/').pop() ?? '';
  if (lastPart.includes('.')) return false;
  if (!existsSync(join(root, 'index.html'))) return false;
  void reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  return true;
}
