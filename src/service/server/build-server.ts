import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { API_BASE } from '../../contract/paths';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { TokenStore } from '../auth/token-store';
import type { FieldStore } from '../store/field-store';
import { ApiError, sendError } from './api-error';
import { registerErrorHandling } from './error-handling';
import { BODY_LIMIT_BYTES } from './limits';
import { registerFieldRoutes } from './routes/field-routes';
import { registerHealthRoute } from './routes/health-route';
import { registerTokenAuth } from './token-auth';
import { registerWebApp, sendAppShell } from './web-app';

export interface ServerOptions {
  store: FieldStore;
  tokens: Pick<TokenStore, 'verify'>;
  /** Folder of the built web app; no web app is served without it. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  failedAuthLimiter?: FailedAuthLimiter;
  now?: () => number;
}

/** Redacted wherever a log line could carry request headers. */
export const redactedLogPaths = [
  'req.headers["x-service-developer-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** The reference service, built without listening so tests use the same app. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // One error shape for everything, including requests Fastify itself rejects.
    return503OnClosing: true,
  });
  registerErrorHandling(app);
  // The API reads JSON only; Fastify would otherwise also accept text/plain bodies.
  app.removeContentTypeParser('text/plain');
  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith(`${API_BASE}/`) && sendAppShell(options.webRoot, request, reply))
      return;
    return sendError(
      request,
      reply,
      new ApiError(404, `nothing is at ${request.method} ${request.url.split('?')[0]}`),
    );
  });
  registerTokenAuth(app, {
    verify: (token) => options.tokens.verify(token),
    limiter: options.failedAuthLimiter ?? new FailedAuthLimiter(),
  });
  registerHealthRoute(app, () => ({ mode: 'embedded' }));
  registerFieldRoutes(app, { store: options.store, now: options.now });
  if (options.webRoot) await registerWebApp(app, options.webRoot);
  return app;
}
