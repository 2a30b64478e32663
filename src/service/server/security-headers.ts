import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Headers on every response: a policy that allows only this origin's scripts (no
 * inline script), no framing, no sniffing and no referrer. Styles may be inline
 * because the UI library writes its theme variables into a style element.
 *
 * helmet is built once here and applied to each response; the Fastify wrapper
 * built it again for every request, a measurable share of a search's cost.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Served over plain HTTP on loopback by default; a TLS front end sets its own HSTS.
  strictTransportSecurity: false,
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error));
  });
}
